import type { CheckPasses } from '@dblearn/contracts';
import { useId, type ReactNode } from 'react';
import type { LearnerCheck } from '../api/check-kinds.js';
import { useGetCheckPassesQuery } from '../api/get-check-passes.js';
import { CheckCard, type CheckStanding } from './check-card.js';

export interface ProjectChecksProps {
  projectId: string;
  checks: readonly LearnerCheck[];
  /** What follows the checks (Finish for learners), told how many are still to pass. */
  footer?: (left: number) => ReactNode;
}

const NO_HINTS: readonly string[] = [];

function standingOf(progress: CheckPasses | undefined, checkId: string): CheckStanding {
  return {
    passed: progress?.passed.includes(checkId) ?? false,
    solutionShown: progress?.solutionShown.includes(checkId) ?? false,
    hints: progress?.hints[checkId] ?? NO_HINTS,
    failures: progress?.failures[checkId] ?? 0,
  };
}

/** "2 of 3 checks passed", and how many of them after the solution was shown. */
export function passedSummary(done: number, total: number, withSolution: number): string {
  const passed = `${done} of ${total} checks passed`;
  return withSolution > 0 ? `${passed} (${withSolution} with the solution shown)` : passed;
}

/**
 * A checked project's tasks (CONTRACT "Graded checks"): one card per check, where the learner stands
 * on each (from the server, so it survives a reload) and how many are left before Finish.
 */
export default function ProjectChecks({ projectId, checks, footer }: ProjectChecksProps) {
  const passes = useGetCheckPassesQuery(projectId);
  const standings = checks.map((check) => standingOf(passes.data, check._id));
  const done = standings.filter((standing) => standing.passed).length;
  const withSolution = standings.filter((standing) => standing.passed && standing.solutionShown).length;
  const headingId = useId();
  return (
    <section className="catalog-checks" aria-labelledby={headingId}>
      <h2 id={headingId}>Checks</h2>
      <p className="catalog-page__intro">
        Answer each task and press Check. The server grades it, on the practice data and on a second dataset you do not see. A hint appears after each attempt that does not pass; the solution after three.
      </p>
      <ol className="catalog-checks__list">
        {checks.map((check, index) => (
          <li key={check._id}>
            <CheckCard projectId={projectId} check={check} number={index + 1} standing={standings[index]!} />
          </li>
        ))}
      </ol>
      <div className="catalog-checks__summary">
        <p className={`catalog-checks__count${done === checks.length ? ' catalog-checks__count--done' : ''}`} role="status">
          {passes.data ? passedSummary(done, checks.length, withSolution) : 'Loading your passes…'}
        </p>
        {passes.data && footer ? footer(checks.length - done) : null}
      </div>
    </section>
  );
}
