export default function AboutPage() {
  return (
    <section className="page" aria-labelledby="about-heading">
      <h1 id="about-heading">About</h1>
      <p>DBLearn helps you learn databases and SQL, from your first query to professional practice.</p>
    </section>
  );
}
