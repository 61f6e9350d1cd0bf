import { LinkButton } from '@dblearn/ui';

/** Where /qna opens with its post form ready (mf-qna reads `ask`). */
export const ASK_HREF = '/qna?ask=1';

/** SPEC §2: a prompt to ask the community, whose Ask button opens the Q&A post form. */
export function AskPrompt() {
  return (
    <section className="dashboard-card dashboard-ask" aria-labelledby="dashboard-ask-title">
      <h2 id="dashboard-ask-title">Stuck on something?</h2>
      <p>Ask the community: learners and admins answer questions about databases and SQL in Q&amp;A.</p>
      <LinkButton to={ASK_HREF}>Ask</LinkButton>
    </section>
  );
}
