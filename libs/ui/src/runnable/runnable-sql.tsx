import type { SqlEngine } from '@dblearn/contracts';
import { useSession } from '@dblearn/web';
import { codeExampleLabel } from '../components/code-view.js';
import { sql } from '@codemirror/lang-sql';
import { lazy, Suspense } from 'react';
import { Button } from '../components/button.js';
import { ENGINE_LABELS, EngineSwitch, POSTGRES_ONLY_REASON } from './engine-switch.js';
import { useGetSandboxQuery } from './get-sandbox.js';
import { useLabEngine } from './lab-engine.js';
import { loadSqlRunner } from './load-sql-runner.js';
import { explainOnPostgres } from './postgres-plan.js';
import { fromRunFailure, fromSandboxRun, SIGN_IN_FOR_POSTGRES_MESSAGE, useRunOnPostgresMutation, type PostgresNotice } from './run-on-postgres.js';
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
  /** ```sql postgres: an example only PostgreSQL runs (GROUPING SETS, JSONB); SQLite is not offered. */
  postgresOnly?: boolean;
}

/** A run's answer and the engine that gave it, or why PostgreSQL could not run it. */
type SqlLabResult = ((SqlRunResult | SqlPlanResult) & { engine: SqlEngine }) | PostgresNotice;

/** A block outside a course (a Q&A post) or in a mongo course has no SQL sandbox for the server to copy. */
export const POSTGRES_NEEDS_A_COURSE = 'PostgreSQL runs need a course’s practice database; this block runs on SQLite in your browser.';

const sqlLanguage = sql();

/**
 * A ```sql block as a lab: CodeMirror with SQL highlighting, Run (Ctrl+Enter), Explain (the query
 * plan as a tree), Reset, the engine switch and the result. On SQLite it runs in the page's worker;
 * on PostgreSQL (a course's block, signed in) on the server's copy of the course's sandbox.
 */
export default function RunnableSql({ code, courseId, mustFail = false, comparePlans = false, postgresOnly = false }: RunnableSqlProps) {
  const sandbox = useGetSandboxQuery(courseId ?? '', { skip: !courseId });
  const [chosen] = useLabEngine();
  const { isSignedIn } = useSession();
  const [runOnPostgres] = useRunOnPostgresMutation();
  const postgresUnavailable = !courseId || sandbox.data?.kind === 'mongo' ? POSTGRES_NEEDS_A_COURSE : undefined;
  // A ```sql postgres example (GROUPING SETS, JSONB) runs on PostgreSQL whatever the page's choice; outside a course it cannot run there, and says so.
  const engine: SqlEngine = postgresUnavailable ? 'sqlite' : postgresOnly ? 'postgres' : chosen;
  // A 404 (no sandbox) or a mongo sandbox: the query runs on an empty database.
  const source = sandbox.data?.kind === 'sql' ? sandbox.data.source : '';
  const demonstrated = (result: SqlRunResult): SqlRunResult => (mustFail ? asDemonstration(result) : result);
  const engineFailure = (error: unknown): SqlRunResult => ({ kind: 'error', message: `The SQL engine could not load: ${error instanceof Error ? error.message : String(error)}` });
  const runOnSqlite = (text: string): Promise<SqlLabResult> =>
    // sql.js and its WASM are fetched with the first Run, not with the editor.
    loadSqlRunner()
      .then(({ sqlRunner }) => sqlRunner.run(source, text))
      .then(demonstrated)
      .catch(engineFailure)
      .then((result) => ({ ...result, engine: 'sqlite' as const }));
  const runOnServer = async (text: string): Promise<SqlLabResult> => {
    if (!courseId) return runOnSqlite(text);
    if (!isSignedIn) return { kind: 'notice', message: SIGN_IN_FOR_POSTGRES_MESSAGE, fallback: true };
    try {
      return { ...demonstrated(fromSandboxRun(await runOnPostgres({ courseId, sql: text }).unwrap())), engine: 'postgres' };
    } catch (error) {
      const failure = fromRunFailure(error);
      return failure.kind === 'notice' ? failure : { ...demonstrated(failure), engine: 'postgres' };
    }
  };
  const explainOnSqlite = (text: string): Promise<SqlLabResult> =>
    loadSqlRunner()
      .then(({ sqlRunner }) => sqlRunner.explain(source, text, comparePlans))
      .catch(engineFailure)
      .then((result) => ({ ...result, engine: 'sqlite' as const }));
  const explainOnServer = async (text: string): Promise<SqlLabResult> => {
    if (!courseId) return explainOnSqlite(text);
    if (!isSignedIn) return { kind: 'notice', message: SIGN_IN_FOR_POSTGRES_MESSAGE, fallback: true };
    const answer = await explainOnPostgres((sql) => runOnPostgres({ courseId, sql }).unwrap(), text, comparePlans);
    return answer.kind === 'notice' ? answer : { ...answer, engine: 'postgres' };
  };
  const where = courseId && !sandbox.data && !sandbox.isLoading ? 'an empty database' : 'a fresh copy of the practice database';
  return (
    <RunnableLab
      code={code}
      label={codeExampleLabel('sql')}
      language={sqlLanguage}
      run={engine === 'postgres' ? runOnServer : runOnSqlite}
      explain={{ label: comparePlans ? 'Compare plans' : 'Explain', run: engine === 'postgres' ? explainOnServer : explainOnSqlite }}
      ready={!courseId || !sandbox.isLoading}
      tools={<EngineSwitch postgresUnavailable={postgresUnavailable} sqliteUnavailable={postgresOnly && !postgresUnavailable ? POSTGRES_ONLY_REASON : undefined} />}
      hint={`${engine === 'postgres' ? `Runs on PostgreSQL on the server, on ${where}.` : `Each run starts from ${where}.`}${mustFail ? ' This example is meant to be refused.' : ''}`}
      renderResult={(result, runWith) => {
        if (!result) return null;
        if (result.kind === 'notice') {
          return (
            <div className="dbl-runnable__notice" role="status">
              <p>{result.message}</p>
              {result.fallback && !postgresOnly ? (
                <Button variant="secondary" onClick={() => runWith(runOnSqlite)}>
                  Run on SQLite
                </Button>
              ) : null}
            </div>
          );
        }
        if (result.kind === 'plan' || result.kind === 'plans') {
          return (
            <>
              <p className="dbl-runnable__engine">On {ENGINE_LABELS[result.engine]}</p>
              <Suspense fallback={<p className="dbl-runnable__count">Drawing the plan…</p>}>
                <PlanView result={result} engine={result.engine} />
              </Suspense>
            </>
          );
        }
        return (
          <>
            <p className="dbl-runnable__engine">On {ENGINE_LABELS[result.engine]}</p>
            <SqlResultView result={result} />
          </>
        );
      }}
    />
  );
}
