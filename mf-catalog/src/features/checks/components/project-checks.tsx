import type { ProjectCheck } from '@dblearn/contracts';
import { useId, type ReactNode } from 'react';
import { useGetCheckPassesQuery } from '../api/get-check-passes.js';
import { CheckCard } from './check-card.js';

export interface ProjectChecksProps {
  projectId: string;
  checks: readonly ProjectCheck[];
  /** What follows the checks (Finish for learners), told how many are still to pass. */
  footer?: (left: number) => ReactNode;
}

/**
 * A checked project's tasks (CONTRACT "Runnable SQL"): one card per check, which ones the learner has
 * passed (from the server, so they survive a reload) and how many are left before Finish.
 */
export default function ProjectChecks({ projectId, checks, footer }: ProjectChecksProps) {
  const passes = useGetCheckPassesQuery(projectId);
  const passed = new Set(passes.data?.passed ?? []);
  const done = checks.filter((check) => passed.has(check._id)).length;
  const headingId = useId();
  return (
    <section className="catalog-checks" aria-labelledby={headingId}>
      <h2 id={headingId}>Checks</h2>
      <p className="catalog-page__intro">Write a query for each task and press Check. Your result must match the expected one: the same columns and rows.</p>
      <ol className="catalog-checks__list">
        {checks.map((check, index) => (
          <li key={check._id}>
            <CheckCard projectId={projectId} check={check} number={index + 1} passed={passed.has(check._id)} />
          </li>
        ))}
      </ol>
      <div className="catalog-checks__summary">
        <p className={`catalog-checks__count${done === checks.length ? ' catalog-checks__count--done' : ''}`} role="status">
          {passes.data ? `${done} of ${checks.length} checks passed` : 'Loading your passes…'}
        </p>
        {passes.data && footer ? footer(checks.length - done) : null}
      </div>
    </section>
  );
}
