import type { PracticeExercise } from '@dblearn/contracts';
import { Link } from '@dblearn/web/router';
import { acceptanceLabel, DIFFICULTY_LABELS, enginesLabel, exerciseHref, KIND_LABELS, STATUS_LABELS, topicLabel } from '../utils/practice-labels.js';

/** One exercise: its task as the link, where it is, and badges whose words (not only colours) say difficulty, kind and status. */
export function PracticeItem({ exercise }: { exercise: PracticeExercise }) {
  const firstLine = exercise.task.split('\n')[0] ?? '';
  return (
    <article className={`practice-item practice-item--${exercise.status}`} aria-label={firstLine}>
      <div className="practice-item__main">
        <Link to={exerciseHref(exercise)} className="practice-item__task">
          {firstLine}
        </Link>
        <p className="practice-item__where">
          {exercise.projectTitle} · {exercise.courseName} · {topicLabel(exercise)}
        </p>
      </div>
      <ul className="practice-item__badges" aria-label="About this exercise">
        <li className={`practice-badge practice-badge--${exercise.difficulty}`}>{DIFFICULTY_LABELS[exercise.difficulty]}</li>
        <li className="practice-badge practice-badge--kind">
          {KIND_LABELS[exercise.kind]}
          {enginesLabel(exercise.engines) ? ` · ${enginesLabel(exercise.engines)}` : ''}
        </li>
        <li className={`practice-badge practice-badge--status practice-badge--${exercise.status}`}>{STATUS_LABELS[exercise.status]}</li>
      </ul>
      <p className="practice-item__acceptance">{acceptanceLabel(exercise.acceptance)}</p>
    </article>
  );
}
