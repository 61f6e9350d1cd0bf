export default function ContactPage() {
  return (
    <section className="page" aria-labelledby="contact-heading">
      <h1 id="contact-heading">Contact</h1>
      <p>Write to any member of the team: their addresses are at the foot of every page.</p>
    </section>
  );
}
