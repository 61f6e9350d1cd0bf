import sqlJsUrl from 'sql.js/dist/sql-wasm.js?url';
import wasmUrl from 'sql.js/dist/sql-wasm.wasm?url';
import { type FailedStatement, type PlanStep, splitComparedPlans, type SqlEngineUrls, type SqlJob, type SqlTableSchema, withStatementLine } from '@dblearn/lab';
import type { SqlPlanResult } from './query-plan.js';
import type { RunFailure } from './run-error.js';
import { runnableWorkerUrl, startCrossOriginWorker } from './cross-origin-worker.js';
import { RUN_LIMIT_MS, TIMED_OUT_MESSAGE, type SqlRunResult } from './sql-result.js';
import { WorkerRunner } from './worker-runner.js';

type SchemaAnswer = { kind: 'schema'; tables: SqlTableSchema[] } | RunFailure;
type PlanAnswer = { kind: 'plan'; steps: PlanStep[] } | RunFailure | FailedStatement;
type WorkerAnswer = SqlRunResult | SchemaAnswer | PlanAnswer;

/**
 * Runs queries on sql.js in the page's SQL worker (stopped after RUN_LIMIT_MS): @dblearn/lab/sql-worker,
 * bundled by the remote's build, told first where sql.js and its WASM are.
 */
class SqlRunner {
  private readonly worker = new WorkerRunner<Omit<SqlJob, 'id'>, WorkerAnswer>({
    start: () => startCrossOriginWorker(runnableWorkerUrl('sql-worker'), 'sql-worker'),
    greeting: (): { engine: SqlEngineUrls } => ({ engine: { sqlJsUrl: new URL(sqlJsUrl, document.baseURI).href, wasmUrl: new URL(wasmUrl, document.baseURI).href } }),
    limitMs: RUN_LIMIT_MS,
    timedOutMessage: TIMED_OUT_MESSAGE,
    engineName: 'SQL engine',
  });

  /** Refusals and caps are the worker's, decided on each statement as the server decides them (CONTRACT "Runnable SQL"). */
  async run(sandbox: string, sql: string): Promise<SqlRunResult> {
    return withStatementLine(sql, (await this.worker.post({ sandbox, sql })) as SqlRunResult | FailedStatement);
  }

  /**
   * Explain: every statement but the last runs on a fresh copy, then the last one's EXPLAIN QUERY
   * PLAN is read (the worker's explain path, under the same rule). `comparing` (a ```sql
   * compare-plans block) explains its two variants, each on its own copy; a failure names its line
   * in the whole block.
   */
  async explain(sandbox: string, sql: string, comparing = false): Promise<SqlPlanResult | SqlRunResult> {
    const planOf = async (text: string, from: number) => {
      const answer = (await this.worker.post({ sandbox, sql: text, explain: true })) as PlanAnswer;
      return answer.kind === 'error' && 'offset' in answer ? withStatementLine(sql, { ...answer, offset: answer.offset + from }) : answer;
    };
    const variants = comparing ? splitComparedPlans(sql) : null;
    if (!variants) return planOf(sql, 0);
    if ('error' in variants) return { kind: 'error', message: variants.error };
    const before = await planOf(variants.before, 0);
    if (before.kind !== 'plan') return before;
    const after = await planOf(variants.after, variants.afterOffset);
    if (after.kind !== 'plan') return after;
    return { kind: 'plans', before: before.steps, after: after.steps, caption: variants.caption };
  }

  /** Every table of the sandbox with its columns, foreign keys, row count and first rows (the schema view and its diagram). */
  schema(sandbox: string): Promise<SchemaAnswer> {
    return this.worker.post({ sandbox, sql: '', schema: true }) as Promise<SchemaAnswer>;
  }
}

export const sqlRunner = new SqlRunner();
