import { codeExampleLabel } from '../components/code-view.js';
import { sql } from '@codemirror/lang-sql';
import { lazy, Suspense } from 'react';
import { useGetSandboxQuery } from './get-sandbox.js';
import { loadSqlRunner } from './load-sql-runner.js';
import { RunnableLab } from './runnable-lab.js';
import { SqlResultView } from './sql-result-view.js';
import { asDemonstration, type SqlRunResult } from './sql-result.js';
import type { SqlPlanResult } from './query-plan.js';

// The plan's tree comes with the first Explain, never with the block.
const PlanView = lazy(() => import('./plan-view.js'));

export interface RunnableSqlProps {
  code: string;
  /** The course whose sandbox the query runs on; without one (or without a sandbox), an empty database. */
  courseId?: string;
  /** ```sql must-fail: the example shows a statement being refused; that failure is the expected outcome. */
  mustFail?: boolean;
  /** ```sql compare-plans: Explain shows the plans of the two variants around the `-- after:` line side by side. */
  comparePlans?: boolean;
}

type SqlLabResult = SqlRunResult | SqlPlanResult;


const sqlLanguage = sql();

/** A ```sql block as a lab: CodeMirror with SQL highlighting, Run (Ctrl+Enter), Explain (the query plan as a tree), Reset, the result. */
export default function RunnableSql({ code, courseId, mustFail = false, comparePlans = false }: RunnableSqlProps) {
  const sandbox = useGetSandboxQuery(courseId ?? '', { skip: !courseId });
  // A 404 (no sandbox) or a mongo sandbox: the query runs on an empty database.
  const source = sandbox.data?.kind === 'sql' ? sandbox.data.source : '';
  const engineFailure = (error: unknown): SqlRunResult => ({ kind: 'error', message: `The SQL engine could not load: ${error instanceof Error ? error.message : String(error)}` });
  const run = (text: string): Promise<SqlLabResult> =>
    // sql.js and its WASM are fetched with the first Run, not with the editor.
    loadSqlRunner()
      .then(({ sqlRunner }) => sqlRunner.run(source, text))
      .then((result) => (mustFail ? asDemonstration(result) : result))
      .catch(engineFailure);
  const explain = (text: string): Promise<SqlLabResult> =>
    loadSqlRunner()
      .then(({ sqlRunner }) => sqlRunner.explain(source, text, comparePlans))
      .catch(engineFailure);
  return (
    <RunnableLab
      code={code}
      label={codeExampleLabel('sql')}
      language={sqlLanguage}
      run={run}
      explain={{ label: comparePlans ? 'Compare plans' : 'Explain', run: explain }}
      ready={!courseId || !sandbox.isLoading}
      hint={`${courseId && !sandbox.data && !sandbox.isLoading ? 'Runs on an empty database.' : 'Each run starts from a fresh copy of the practice database.'}${mustFail ? ' This example is meant to be refused.' : ''}`}
      renderResult={(result) =>
        result?.kind === 'plan' || result?.kind === 'plans' ? (
          <Suspense fallback={<p className="dbl-runnable__count">Drawing the plan…</p>}>
            <PlanView result={result} />
          </Suspense>
        ) : (
          <SqlResultView result={result} />
        )
      }
    />
  );
}
