import { atLine, SQL_RESULT_ROW_CAP, sqlRefusal, type SqlValue, statementLine } from '@dblearn/contracts';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import initSqlJs, { type Database, type SqlJsStatic, type SqlValue as EngineValue } from 'sql.js';
import type { QueryResult } from './compare-results.js';

/** A statement that failed, with the 1-based line where it starts (the message names it too). */
export class SqlFailure extends Error {
  constructor(
    message: string,
    readonly line: number | null,
  ) {
    super(line === null ? message : atLine(line, message));
  }
}

let engine: Promise<SqlJsStatic> | null = null;

/** A compiled WebAssembly module (opaque here: the service's TypeScript lib has no WebAssembly types). */
export type CompiledEngine = object;
interface WasmApi {
  Module: new (bytes: Uint8Array) => CompiledEngine;
  instantiate(module: CompiledEngine, imports: object): Promise<object>;
}
const wasmApi = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;

/**
 * sql.js (SQLite compiled to WebAssembly), loaded once per thread. Given the compiled module (the
 * runner compiles it once and hands it to each worker) it only instantiates it: a replaced worker
 * is ready in milliseconds instead of compiling 700 kB of WebAssembly again.
 */
export function loadEngine(compiled?: CompiledEngine): Promise<SqlJsStatic> {
  engine ??= initSqlJs(
    compiled
      ? {
          instantiateWasm(imports: object, receive: (instance: object) => void) {
            void wasmApi.instantiate(compiled, imports).then(receive);
            return {};
          },
        } as Parameters<typeof initSqlJs>[0]
      : undefined,
  ).then(limitHeap);
  return engine;
}

/** SQLite's heap limit (per thread's engine): a query asking for more fails with "out of memory" instead of growing the worker. */
export const SQL_HEAP_LIMIT_BYTES = 128 * 1024 * 1024;

function limitHeap(sql: SqlJsStatic): SqlJsStatic {
  const db = new sql.Database();
  try {
    // Process-wide in SQLite (sqlite3_hard_heap_limit64): any connection sets it for all.
    db.exec(`PRAGMA hard_heap_limit = ${SQL_HEAP_LIMIT_BYTES}`);
  } finally {
    db.close();
  }
  return sql;
}

/** The engine's WebAssembly, compiled (once per process, by the runner). */
export function compileEngine(): CompiledEngine {
  return new wasmApi.Module(readFileSync(createRequire(import.meta.url).resolve('sql.js/dist/sql-wasm.wasm')));
}

/** A database built from `source` (a sandbox script), as bytes any number of copies open from. */
export function buildSandbox(sql: SqlJsStatic, source: string): Uint8Array {
  const db = new sql.Database();
  try {
    runStatements(db, source);
    return db.export();
  } finally {
    db.close();
  }
}

/** Runs `query` on a fresh copy of the sandbox and answers the last result that has columns. */
export function runOnCopy(sql: SqlJsStatic, sandbox: Uint8Array | null, query: string): QueryResult {
  const db = sandbox ? new sql.Database(sandbox) : new sql.Database();
  try {
    return runStatements(db, query) ?? { columns: [], rows: [] };
  } finally {
    db.close();
  }
}

/**
 * Every statement of `text` in turn, so that a failure names the line its statement starts on.
 * Refused statements (ATTACH, PRAGMAs that reach files, load_extension) never run. A result past
 * SQL_RESULT_ROW_CAP rows stops the run: the cap keeps one query from filling the worker's memory.
 */
export function runStatements(db: Database, text: string): QueryResult | null {
  // The refusal's message names its line already.
  const refused = sqlRefusal(text);
  if (refused) throw new SqlFailure(refused.message, null);
  const statements = db.iterateStatements(text);
  let last: QueryResult | null = null;
  for (;;) {
    const offset = text.length - statements.getRemainingSQL().length;
    let step: IteratorResult<ReturnType<Database['prepare']>>;
    try {
      step = statements.next();
    } catch (error) {
      throw new SqlFailure(messageOf(error), statementLine(text, offset));
    }
    if (step.done) return last;
    const statement = step.value;
    try {
      const columns = statement.getColumnNames();
      const rows: SqlValue[][] = [];
      while (statement.step()) {
        if (rows.length >= SQL_RESULT_ROW_CAP) throw new Error(`the result has more than ${SQL_RESULT_ROW_CAP} rows`);
        rows.push(statement.get().map(toValue));
      }
      if (columns.length > 0) last = { columns, rows };
    } catch (error) {
      throw new SqlFailure(messageOf(error), statementLine(text, offset));
    }
  }
}

function toValue(value: EngineValue): SqlValue {
  if (value instanceof Uint8Array) return `x'${Buffer.from(value).toString('hex')}'`;
  return value ?? null;
}

/** SQLite quotes the token it stopped at: a 10 kB token would fill the answer, so long ones are cut. */
function messageOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/"([^"]{40})[^"]{8,}"/g, '"$1…"').slice(0, 500);
}
