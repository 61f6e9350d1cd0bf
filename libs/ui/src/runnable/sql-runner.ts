import sqlJsUrl from 'sql.js/dist/sql-wasm.js?url';
import wasmUrl from 'sql.js/dist/sql-wasm.wasm?url';
import type { RunFailure } from './run-error.js';
import { withStatementLine, type FailedStatement } from './sql-failure.js';
import { RUN_LIMIT_MS, TIMED_OUT_MESSAGE, type SqlRunResult, type SqlTableSchema } from './sql-result.js';
import { sqlWorkerSource } from './sql-worker-source.js';
import { WorkerRunner } from './worker-runner.js';

type SchemaAnswer = { kind: 'schema'; tables: SqlTableSchema[] } | RunFailure;
type WorkerAnswer = SqlRunResult | SchemaAnswer | FailedStatement;

/** Runs queries on sql.js in the page's SQL worker (stopped after RUN_LIMIT_MS). */
class SqlRunner {
  private readonly worker = new WorkerRunner<{ sandbox: string; sql: string; schema?: boolean }, WorkerAnswer>({
    workerSource: () => sqlWorkerSource(new URL(sqlJsUrl, document.baseURI).href, new URL(wasmUrl, document.baseURI).href),
    limitMs: RUN_LIMIT_MS,
    timedOutMessage: TIMED_OUT_MESSAGE,
    engineName: 'SQL engine',
  });

  /** Refusals and caps are the worker's, decided on each statement as the server decides them (CONTRACT "Runnable SQL"). */
  async run(sandbox: string, sql: string): Promise<SqlRunResult> {
    return withStatementLine(sql, (await this.worker.post({ sandbox, sql })) as SqlRunResult | FailedStatement);
  }

  /** Every table of the sandbox with its columns, row count and first rows (the schema view). */
  schema(sandbox: string): Promise<SchemaAnswer> {
    return this.worker.post({ sandbox, sql: '', schema: true }) as Promise<SchemaAnswer>;
  }
}

export const sqlRunner = new SqlRunner();
