import sqlJsUrl from 'sql.js/dist/sql-wasm.js?url';
import wasmUrl from 'sql.js/dist/sql-wasm.wasm?url';
import { refusedStatement, RUN_LIMIT_MS, TIMED_OUT_MESSAGE, type SqlRunResult, type SqlTableSchema } from './sql-result.js';
import { sqlWorkerSource } from './sql-worker-source.js';
import { WorkerRunner } from './worker-runner.js';

/** Runs queries on sql.js in the page's SQL worker (stopped after RUN_LIMIT_MS). */
class SqlRunner {
  private readonly worker = new WorkerRunner<{ sandbox: string; sql: string; schema?: boolean }, SqlRunResult | { kind: 'schema'; tables: SqlTableSchema[] }>({
    workerSource: () => sqlWorkerSource(new URL(sqlJsUrl, document.baseURI).href, new URL(wasmUrl, document.baseURI).href),
    limitMs: RUN_LIMIT_MS,
    timedOutMessage: TIMED_OUT_MESSAGE,
    engineName: 'SQL engine',
  });

  run(sandbox: string, sql: string): Promise<SqlRunResult> {
    // Files are out of the learner's reach here as on the server (CONTRACT "Runnable SQL").
    const refusal = refusedStatement(sql);
    if (refusal) return Promise.resolve({ kind: 'error', message: refusal });
    return this.worker.post({ sandbox, sql }) as Promise<SqlRunResult>;
  }

  /** Every table of the sandbox with its columns, row count and first rows (the schema view). */
  schema(sandbox: string): Promise<{ kind: 'schema'; tables: SqlTableSchema[] } | { kind: 'error'; message: string }> {
    return this.worker.post({ sandbox, sql: '', schema: true }) as Promise<{ kind: 'schema'; tables: SqlTableSchema[] } | { kind: 'error'; message: string }>;
  }
}

export const sqlRunner = new SqlRunner();
