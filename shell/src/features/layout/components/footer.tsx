import { useTeamContacts } from '../api/team-contacts.js';

function TeamContacts() {
  const state = useTeamContacts();
  if (state.status === 'loading') return <p className="footer__note">Loading the team's addresses…</p>;
  if (state.status === 'failed' || state.contacts.length === 0) {
    return <p className="footer__note">The team's addresses cannot be shown right now; please reload the page later.</p>;
  }
  return (
    <ul className="footer__contacts">
      {state.contacts.map((contact) => (
        <li key={contact.email}>
          <a href={`mailto:${contact.email}`}>{contact.name}</a>
          <span className="footer__address"> {contact.email}</span>
        </li>
      ))}
    </ul>
  );
}

/** SPEC §1: about text and the six team members' e-mail links; the navbar's anchors land here. */
export function Footer() {
  return (
    <footer className="footer">
      <div className="footer__inner">
        <section id="about" className="footer__section" aria-labelledby="footer-about-heading">
          <h2 id="footer-about-heading">What DBLearn is</h2>
          <p>
            DBLearn is an online platform for learning databases and SQL, for beginners and professionals alike: a
            Learning Hub of courses and tutorials, recommended practice projects, a bank of interview questions and a
            community Q&amp;A forum. It is built by a team of students.
          </p>
        </section>
        <section id="contact" className="footer__section" aria-labelledby="footer-team-heading">
          <h2 id="footer-team-heading">The team</h2>
          <TeamContacts />
        </section>
      </div>
    </footer>
  );
}
