import { INTERVIEW_DIFFICULTIES, INTERVIEW_DIFFICULTY_LABELS, type InterviewDifficulty } from '@dblearn/contracts';
import { Link } from '@dblearn/web/router';
import { viewHref, type QuestionView } from './question-view.js';

const CHOICES: readonly { difficulty: InterviewDifficulty | null; label: string }[] = [
  { difficulty: null, label: 'Any difficulty' },
  ...INTERVIEW_DIFFICULTIES.map((difficulty) => ({ difficulty, label: INTERVIEW_DIFFICULTY_LABELS[difficulty] })),
];

/** The bank's difficulty filter, as links like the topics (the URL names it; the server filters, page 1 again). */
export function DifficultyFilter({ current }: { current: Extract<QuestionView, { kind: 'topic' }> }) {
  return (
    <nav className="interview-difficulty" aria-label="Question difficulty">
      <ul>
        {CHOICES.map(({ difficulty, label }) => (
          <li key={label}>
            <Link to={viewHref({ ...current, difficulty })} className="interview-difficulty__link" aria-current={(current.difficulty ?? null) === difficulty ? 'page' : undefined}>
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
