import { Link } from '@dblearn/web/router';
import { useGetNextExerciseQuery } from '../api/get-practice.js';
import { DIFFICULTY_LABELS, exerciseHref } from '../utils/practice-labels.js';

/** After a pass: the next unsolved exercise of the same topic and difficulty, else one harder (GET /practice/next). */
export function NextExercise({ checkId }: { checkId: string }) {
  const next = useGetNextExerciseQuery(checkId, { refetchOnMountOrArgChange: true });
  if (!next.data) return null;
  const exercise = next.data.next;
  return (
    <p className="practice-next">
      {exercise ? (
        <>
          Next exercise ({DIFFICULTY_LABELS[exercise.difficulty]}): <Link to={exerciseHref(exercise)}>{exercise.task.split('\n')[0]}</Link>
        </>
      ) : (
        <>
          No unsolved exercise of this topic left at this difficulty or harder. <Link to="/practice">See every exercise</Link>
        </>
      )}
    </p>
  );
}
