import { PAGE_SIZE, TOPIC_LABELS, type SavedQuestion } from '@dblearn/contracts';
import { AREA_LINKS } from '@dblearn/federation';
import { LinkButton } from '@dblearn/ui';
import { Link } from '@dblearn/web/router';

/** How many saved questions follow the first one in the compact list. */
export const COMPACT_SAVED_COUNT = 5;

/** Where the interview bank's saved view shows the question at this index of the saved list. */
function savedViewHref(index: number): string {
  return AREA_LINKS.interviewSaved(Math.floor(index / PAGE_SIZE) + 1);
}

/** SPEC §9 shows the first saved question's text; the next few follow in a compact list. */
export function SavedQuestions({ saved }: { saved: readonly SavedQuestion[] }) {
  const [first, ...rest] = saved;
  return (
    <section className="dashboard-card dashboard-saved" aria-labelledby="dashboard-saved-title">
      <h2 id="dashboard-saved-title">Saved Interview Questions</h2>
      {first === undefined ? (
        <div className="dashboard-empty">
          <p>Save a question to see it here.</p>
          <LinkButton to="/interview" variant="secondary">
            Browse interview questions
          </LinkButton>
        </div>
      ) : (
        <>
          <Link to={savedViewHref(0)} className="dashboard-saved__first">
            <span className="dashboard-saved__topic">{TOPIC_LABELS[first.topic]}</span>
            <span className="dashboard-saved__question">{first.question}</span>
          </Link>
          {rest.length > 0 ? (
            <ul className="dashboard-compact-list">
              {rest.slice(0, COMPACT_SAVED_COUNT).map((question, index) => (
                <li key={question._id}>
                  <Link to={savedViewHref(index + 1)}>{question.question}</Link>
                </li>
              ))}
            </ul>
          ) : null}
          <Link to={AREA_LINKS.interviewSaved()} className="dashboard-more">
            {saved.length === 1 ? 'Open your saved question' : `All ${saved.length} saved questions`}
          </Link>
        </>
      )}
    </section>
  );
}
