import { TOPIC_LABELS, type PracticeSolved } from '@dblearn/contracts';
import { LinkButton } from '@dblearn/ui';
import { useGetReviewDeckQuery } from '@dblearn/web';
import { useGetPracticeSolvedQuery } from '../api/practice-solved.js';

const DIFFICULTY_LABELS = { easy: 'Easy', medium: 'Medium', hard: 'Hard' } as const;

function streakText(streak: number): string {
  if (streak === 0) return 'No streak yet: pass a check or review a card today to start one.';
  return `${streak}-day streak`;
}

function SolvedTable({ cells }: PracticeSolved) {
  if (cells.length === 0) return <p className="dashboard-practice__note">No exercises yet.</p>;
  return (
    <table className="dashboard-practice__table">
      <caption>Exercises solved per topic and difficulty</caption>
      <thead>
        <tr>
          <th scope="col">Topic</th>
          <th scope="col">Difficulty</th>
          <th scope="col">Solved</th>
        </tr>
      </thead>
      <tbody>
        {cells.map((cell) => (
          <tr key={`${cell.topic}:${cell.difficulty}`}>
            <th scope="row">{TOPIC_LABELS[cell.topic]}</th>
            <td>{DIFFICULTY_LABELS[cell.difficulty]}</td>
            <td>
              {cell.solved} of {cell.total}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The learner's streak (days in a row with a passed check or a review) and solved exercises per topic and difficulty (issue 34). */
export function PracticeProgress() {
  // Asked again on each visit: the streak and the counts move while the learner practises elsewhere.
  const deck = useGetReviewDeckQuery(undefined, { refetchOnMountOrArgChange: true });
  const solved = useGetPracticeSolvedQuery(undefined, { refetchOnMountOrArgChange: true });
  const streak = deck.data?.streak;
  return (
    <section className="dashboard-card dashboard-practice" aria-labelledby="dashboard-practice-title">
      <h2 id="dashboard-practice-title">Practice</h2>
      <p className="dashboard-practice__streak">
        {streak === undefined ? (deck.isError ? 'Your streak could not be loaded.' : 'Loading your streak…') : streak > 0 ? <strong>🔥 {streakText(streak)}</strong> : streakText(streak)}
      </p>
      {solved.data ? <SolvedTable cells={solved.data.cells} /> : <p className="dashboard-practice__note">{solved.isError ? 'Your solved exercises could not be loaded.' : 'Loading your solved exercises…'}</p>}
      <LinkButton to="/practice" variant="secondary">
        Practice list
      </LinkButton>
    </section>
  );
}
