/**
 * Why a run failed (SQL and mongo alike): the message as the learner reads it ("Line 3: no such
 * table: studnt") and, when the failure has one, the line the editor marks.
 */
export interface RunFailure {
  kind: 'error';
  message: string;
  line?: number;
}

/** A run's error (SQL or mongo, a lesson's lab or the schema view), announced as an alert. The lab marks its line in the editor. */
export function RunError({ message }: { message: string }) {
  return (
    <p className="dbl-runnable__error" role="alert">
      {message}
    </p>
  );
}
