import type { SqlEngine } from '@dblearn/contracts';
import { ENGINE_LABELS } from './engine-switch.js';
import { postgresStepMeaning } from './postgres-plan.js';
import type { PlanStep } from '@dblearn/lab';
import { planStepMeaning, planTree, type PlanNode, type SqlPlanResult } from './query-plan.js';

const KIND_LABEL = { scan: 'reads every row', search: 'uses an index', temp: 'builds a temporary structure', other: '' } as const;

/** One step and the steps under it, as nested lists (a screen reader announces the depth). */
function PlanBranch({ node }: { node: PlanNode }) {
  return (
    <li className={`dbl-plan__step dbl-plan__step--${node.kind}`}>
      <div className="dbl-plan__node">
        <code className="dbl-plan__detail">{node.detail}</code>
        {KIND_LABEL[node.kind] ? <span className="dbl-plan__kind">{KIND_LABEL[node.kind]}</span> : null}
        <p className="dbl-plan__meaning">{node.meaning}</p>
      </div>
      {node.children.length > 0 ? (
        <ul className="dbl-plan__children">
          {node.children.map((child, index) => (
            <PlanBranch key={index} node={child} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/** A plan as a tree with a sentence for every step; a statement without one (a CREATE) says so. */
function PlanTree({ steps, label, engine }: { steps: PlanStep[]; label: string; engine: SqlEngine }) {
  if (steps.length === 0) return <p className="dbl-runnable__count">{ENGINE_LABELS[engine]} has no plan to show for this statement: it reads no table.</p>;
  return (
    <ul className="dbl-plan" aria-label={label}>
      {planTree(steps, engine === 'postgres' ? postgresStepMeaning : planStepMeaning).map((node, index) => (
        <PlanBranch key={index} node={node} />
      ))}
    </ul>
  );
}

/**
 * Explain's answer (loaded with it, never with the page): the query plan of the last statement as a
 * tree, or a ```sql compare-plans block's two plans side by side (stacked on a narrow screen).
 */
export default function PlanView({ result, engine = 'sqlite' }: { result: SqlPlanResult; engine?: SqlEngine }) {
  if (result.kind === 'plan') {
    return (
      <div className="dbl-plan__box" role="group" aria-label="Query plan">
        <p className="dbl-runnable__count" role="status">Query plan of the last statement</p>
        <PlanTree steps={result.steps} label="Steps of the query plan" engine={engine} />
      </div>
    );
  }
  return (
    <div className="dbl-plan__compare" role="status">
      <section className="dbl-plan__box" aria-label="Plan before">
        <p className="dbl-runnable__count">Before</p>
        <PlanTree steps={result.before} label="Steps of the plan before" engine={engine} />
      </section>
      <section className="dbl-plan__box" aria-label="Plan after">
        <p className="dbl-runnable__count">After{result.caption ? `: ${result.caption}` : ''}</p>
        <PlanTree steps={result.after} label="Steps of the plan after" engine={engine} />
      </section>
    </div>
  );
}
