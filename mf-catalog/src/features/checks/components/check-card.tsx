import { LIMITS, lengthMessage, type ProjectCheck } from '@dblearn/contracts';
import { Button, LazySqlEditor, useFailedLine } from '@dblearn/ui';
import { apiErrorMessage, isClientError } from '@dblearn/web';
import { useCallback, useId } from 'react';
import { failedLine } from '../../../lib/failed-line.js';
import { useAttemptCheckMutation } from '../api/attempt-check.js';
import { useCheckDraft } from '../hooks/use-check-draft.js';
import { CheckOutcome } from './check-outcome.js';

export interface CheckCardProps {
  projectId: string;
  check: ProjectCheck;
  /** 1-based, as the learner reads it. */
  number: number;
  passed: boolean;
}

const SQL_LIMIT = LIMITS.runnable.sql;

/** One check: its task, an editor for the learner's query (kept across a reload), Check (Ctrl+Enter) and what the server said (a failing line marked in the editor). */
export function CheckCard({ projectId, check, number, passed }: CheckCardProps) {
  const [sql, setSql] = useCheckDraft(projectId, check._id);
  const [attempt, { data, error, isLoading }] = useAttemptCheckMutation();
  const headingId = useId();
  const hintId = useId();
  const tooLong = sql.length > SQL_LIMIT.max;
  const { markedLine, clear, markFrom } = useFailedLine(sql);
  const submit = useCallback(
    (text: string) => {
      if (text.trim() === '' || text.length > SQL_LIMIT.max || isLoading) return;
      clear();
      // A failure that names a line of this query marks it; a refusal (4xx) is shown below from `error`.
      attempt({ projectId, checkId: check._id, sql: text })
        .unwrap()
        .then(
          (result) => markFrom(text, result.passed ? null : failedLine(result.message)),
          () => undefined,
        );
    },
    [attempt, projectId, check._id, isLoading, clear, markFrom],
  );
  return (
    <section className={`catalog-check-card${passed ? ' catalog-check-card--passed' : ''}`} aria-labelledby={headingId}>
      <div className="catalog-check-card__head">
        <h3 id={headingId}>Check {number}</h3>
        <span className={`catalog-check-badge${passed ? ' catalog-check-badge--passed' : ''}`}>{passed ? 'Passed' : 'Not passed yet'}</span>
      </div>
      {check.task.split('\n').map((line, index) => (
        <p key={index} className="catalog-check-card__task">
          {line}
        </p>
      ))}
      <LazySqlEditor value={sql} onChange={setSql} onSubmit={submit} label={`Your query for check ${number}`} describedBy={hintId} markedLine={markedLine} />
      <div className="dbl-runnable__tools">
        <Button onClick={() => submit(sql)} disabled={isLoading || sql.trim() === '' || tooLong}>
          {isLoading ? 'Checking…' : 'Check'}
        </Button>
        <span id={hintId} className="dbl-runnable__hint">
          Ctrl+Enter checks it. The server runs it on a fresh copy of the practice database.
        </span>
      </div>
      {tooLong ? (
        <p className="dbl-field__error" role="alert">
          {lengthMessage('Query', SQL_LIMIT)}
        </p>
      ) : null}
      {isClientError(error) ? (
        <p className="dbl-runnable__error" role="alert">
          {apiErrorMessage(error) ?? 'The check could not be run.'}
        </p>
      ) : null}
      {data && !isLoading ? <CheckOutcome result={data} /> : null}
    </section>
  );
}
