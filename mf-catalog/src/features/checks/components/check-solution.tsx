import { SOLUTION_AFTER_FAILURES, type CheckKind } from '@dblearn/contracts';
import { Button, CodeView } from '@dblearn/ui';
import { apiErrorMessage, isClientError } from '@dblearn/web';
import { useEffect, useId, useRef, useState } from 'react';
import { useRevealSolutionMutation } from '../api/reveal-solution.js';

export interface CheckSolutionProps {
  projectId: string;
  checkId: string;
  kind: CheckKind;
  number: number;
  /** The server allows it: three failed attempts, or a pass. */
  available: boolean;
  /** Shown before (recorded on the server): showing it again asks nothing. */
  shownBefore: boolean;
  /** Passed already: a reveal now changes nothing recorded, so it asks nothing either. */
  passed: boolean;
  failures: number;
}

/**
 * "Show the solution" after three failed attempts: a confirm first (the server records it, and a pass
 * then counts as solved with the solution shown), then the model solution and its explanation, and
 * where the exercise teaches a point, a second solution with its trade-off.
 */
export function CheckSolution({ projectId, checkId, kind, number, available, shownBefore, passed, failures }: CheckSolutionProps) {
  const [reveal, { data, error, isLoading }] = useRevealSolutionMutation();
  const [asking, setAsking] = useState(false);
  const headingId = useId();
  const shown = useRef<HTMLElement>(null);
  // The button that was pressed is gone: the keyboard goes on from the solution.
  useEffect(() => {
    if (data) shown.current?.focus();
  }, [data]);
  if (!available) {
    const left = SOLUTION_AFTER_FAILURES - failures;
    return failures > 0 ? (
      <p className="catalog-check-solution__wait">
        The solution can be shown after {left === 1 ? 'one more attempt' : `${left} more attempts`} that {left === 1 ? 'does' : 'do'} not pass.
      </p>
    ) : null;
  }
  const show = () => {
    setAsking(false);
    void reveal({ projectId, checkId }).catch(() => undefined);
  };
  if (data) {
    return (
      <section ref={shown} tabIndex={-1} className="catalog-check-solution" aria-labelledby={headingId}>
        <h4 id={headingId}>Solution</h4>
        {kind === 'quiz' ? <p className="catalog-check-solution__answer">{data.solution}</p> : <CodeView language={kind === 'mongo' ? 'mongo' : 'sql'} code={data.solution} />}
        {data.explanation ? <p className="catalog-check-solution__explanation">{data.explanation}</p> : null}
        {data.alternative ? (
          <>
            <h5>Another way</h5>
            <CodeView language="sql" code={data.alternative.sql} />
            <p className="catalog-check-solution__explanation">{data.alternative.tradeoff}</p>
          </>
        ) : null}
      </section>
    );
  }
  return (
    <div className="catalog-check-solution">
      {asking ? (
        <div role="group" aria-label={`Show the solution of check ${number}?`} className="catalog-check-solution__confirm">
          <p>This is recorded: passing this check afterwards counts as solved with the solution shown.</p>
          <span className="catalog-check-card__actions">
            <Button autoFocus onClick={show}>
              Show it
            </Button>
            <Button variant="ghost" onClick={() => setAsking(false)}>
              Cancel
            </Button>
          </span>
        </div>
      ) : (
        <Button variant="secondary" disabled={isLoading} onClick={() => (shownBefore || passed ? show() : setAsking(true))}>
          {isLoading ? 'Loading the solution…' : shownBefore ? 'Show the solution again' : 'Show the solution'}
        </Button>
      )}
      {isClientError(error) ? (
        <p className="dbl-runnable__error" role="alert">
          {apiErrorMessage(error) ?? 'The solution could not be shown.'}
        </p>
      ) : null}
    </div>
  );
}
