import { AREA_LINKS } from '@dblearn/federation';
import { LinkButton } from '@dblearn/ui';

/** SPEC §2: a prompt to ask the community, whose Ask button opens the Q&A post form. */
export function AskPrompt() {
  return (
    <section className="dashboard-card dashboard-ask" aria-labelledby="dashboard-ask-title">
      <h2 id="dashboard-ask-title">Stuck on something?</h2>
      <p>Ask the community: learners and admins answer questions about databases and SQL in Q&amp;A.</p>
      <LinkButton to={AREA_LINKS.qnaAsk}>Ask</LinkButton>
    </section>
  );
}
