import { ENGINE_LABELS } from '@dblearn/ui';
import { TOPIC_LABELS, type CheckDifficulty, type CheckKind, type PracticeExercise, type PracticeSort, type PracticeStatusShown } from '@dblearn/contracts';
import { paths } from '../../../lib/paths.js';

/** The SQL engines an exercise is graded on, by name ("SQLite, PostgreSQL"); a mongo check's engine is its kind. */
export function enginesLabel(engines: readonly string[]): string {
  const named = engines.flatMap((engine) => (engine in ENGINE_LABELS ? [ENGINE_LABELS[engine as keyof typeof ENGINE_LABELS]] : []));
  return named.join(', ');
}

export const KIND_LABELS: Record<CheckKind, string> = { query: 'Query', state: 'Change the data', mongo: 'MongoDB', quiz: 'Quiz' };
export const DIFFICULTY_LABELS: Record<CheckDifficulty, string> = { easy: 'Easy', medium: 'Medium', hard: 'Hard' };
export const STATUS_LABELS: Record<PracticeStatusShown, string> = {
  new: 'New',
  attempted: 'Attempted',
  solved: 'Solved',
  'solved-with-solution': 'Solved with the solution',
  unknown: 'Status unknown',
};
export const SORT_LABELS: Record<PracticeSort, string> = {
  difficulty: 'Easiest first',
  '-difficulty': 'Hardest first',
  '-acceptance': 'Highest acceptance first',
  acceptance: 'Lowest acceptance first',
};

/** "62% acceptance", or why there is none yet. */
export function acceptanceLabel(acceptance: number | null): string {
  return acceptance === null ? 'Acceptance shown after 10 learners' : `${Math.round(acceptance * 100)}% acceptance`;
}

export const topicLabel = (exercise: Pick<PracticeExercise, 'topic'>) => TOPIC_LABELS[exercise.topic];

/** The exercise's check on its project page (the check card's anchor). */
export function exerciseHref(exercise: Pick<PracticeExercise, 'courseId' | 'projectId' | 'checkId'>): string {
  return `${paths.project('catalog', exercise.courseId, exercise.projectId)}#check-${exercise.checkId}`;
}
