import { isPostgresOnly, SOLUTION_AFTER_FAILURES, type CheckAttempt } from '@dblearn/contracts';
import { apiErrorMessage, isClientError } from '@dblearn/web';
import { useCallback, useId } from 'react';
import { NextExercise, useScrollToAnchor } from '../../practice/index.js';
import type { LearnerCheck } from '../api/check-kinds.js';
import { useAttemptCheckMutation } from '../api/attempt-check.js';
import { CheckHints } from './check-hints.js';
import { CheckOutcome } from './check-outcome.js';
import { CheckSolution } from './check-solution.js';
import { CodeAnswer } from './code-answer.js';
import { QuizAnswer } from './quiz-answer.js';

/** Where the learner stands on one check (GET passes, patched by each attempt). */
export interface CheckStanding {
  passed: boolean;
  /** The solution was shown (recorded on the server). */
  solutionShown: boolean;
  hints: readonly string[];
  failures: number;
}

export interface CheckCardProps {
  projectId: string;
  check: LearnerCheck;
  /** 1-based, as the learner reads it. */
  number: number;
  standing: CheckStanding;
}

/** The badge's words: text, not only a colour, tells a pass from a pass after the solution was shown. */
export function standingLabel({ passed, solutionShown }: Pick<CheckStanding, 'passed' | 'solutionShown'>): string {
  if (!passed) return 'Not passed yet';
  return solutionShown ? 'Solved with the solution shown' : 'Passed';
}

/**
 * One check: its task, the learner's answer (an editor for SQL and mongo, a form for a quiz), what the
 * server said, the hints earned so far and, after three failed attempts, the solution.
 */
export function CheckCard({ projectId, check, number, standing }: CheckCardProps) {
  const [attemptCheck, { data, error, isLoading }] = useAttemptCheckMutation();
  const headingId = useId();
  const anchorRef = useScrollToAnchor(`check-${check._id}`);
  const { kind } = check;
  const attempt = useCallback((answer: CheckAttempt) => attemptCheck({ projectId, checkId: check._id, ...answer }).unwrap(), [attemptCheck, projectId, check._id]);
  // The passes' copy is patched by each attempt; the attempt's own answer covers a passes call still on its way.
  const failures = Math.max(standing.failures, data?.failures ?? 0);
  const hints = standing.hints.length >= (data?.hints.length ?? 0) ? standing.hints : (data?.hints ?? []);
  const solutionAvailable = standing.passed || standing.solutionShown || failures >= SOLUTION_AFTER_FAILURES || data?.solutionAvailable === true;
  const state = standing.passed ? (standing.solutionShown ? 'solution' : 'passed') : 'open';
  return (
    <section id={`check-${check._id}`} ref={anchorRef} className={`catalog-check-card catalog-check-card--${state}`} aria-labelledby={headingId}>
      <div className="catalog-check-card__head">
        <h3 id={headingId}>Check {number}</h3>
        {check.difficulty ? <span className="catalog-check-difficulty">Difficulty: {check.difficulty}</span> : null}
        <span className={`catalog-check-badge catalog-check-badge--${state}`}>{standingLabel(standing)}</span>
      </div>
      {check.task.split('\n').map((line, index) => (
        <p key={index} className="catalog-check-card__task">
          {line}
        </p>
      ))}
      {kind === 'quiz' ? (
        <QuizAnswer check={check} number={number} pending={isLoading} attempt={attempt} />
      ) : (
        <CodeAnswer projectId={projectId} checkId={check._id} kind={kind} number={number} pending={isLoading} postgresOnly={isPostgresOnly(check)} attempt={attempt} />
      )}
      {isClientError(error) ? (
        <p className="dbl-runnable__error" role="alert">
          {apiErrorMessage(error) ?? 'The check could not be run.'}
        </p>
      ) : null}
      {data && !isLoading ? <CheckOutcome result={data} /> : null}
      {data?.passed && !isLoading ? <NextExercise checkId={check._id} /> : null}
      <CheckHints hints={hints} hintCount={check.hintCount} />
      <CheckSolution
        projectId={projectId}
        checkId={check._id}
        kind={kind}
        number={number}
        available={solutionAvailable}
        shownBefore={standing.solutionShown}
        passed={standing.passed}
        failures={failures}
      />
    </section>
  );
}
