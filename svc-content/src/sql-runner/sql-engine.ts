import { SQL_COPY_MAX_PAGES, SQL_RESULT_BYTE_CAPS, SQL_RESULT_ROW_CAP, type SqlValue } from '@dblearn/contracts';
import {
  atLine,
  type LabEngine,
  prepareLabDatabase,
  refusedAt,
  runLabStatements,
  statementHandleKey,
  statementLine,
  statementRefusal,
} from '@dblearn/lab';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { getHeapStatistics } from 'node:v8';
import { workerData } from 'node:worker_threads';
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
  ).then(setUp);
  return engine;
}

/** SQLite's heap limit (per thread's engine): a query asking for more fails with "out of memory" instead of growing the worker. */
export const SQL_HEAP_LIMIT_BYTES = 128 * 1024 * 1024;
/**
 * A worker holding more than this outside its JS heap after a job is replaced. sql.js keeps its
 * files (every copy, anything a job managed to leave behind) and SQLite's heap there; a clean
 * worker holds ~30 MB, one that just ran a heavy query up to ~200 MB (the heap limit and a copy).
 */
export const WORKER_EXTERNAL_BYTES = 384 * 1024 * 1024;
/** The bound this thread checks: its worker's own when it was given one (SqlRunner's workerExternalBytes). */
const externalBound = (workerData as { externalBytes?: number } | null)?.externalBytes ?? WORKER_EXTERNAL_BYTES;

/**
 * This thread's engine: the statement-handle key, a connection of its own that no learner's SQL
 * ever runs on, and SQLite's heap limits as it read them back once set.
 */
let setup: { handleKey: string; probe: Database; heapLimits: string } | null = null;

const HEAP_LIMITS_SQL = 'PRAGMA hard_heap_limit; PRAGMA soft_heap_limit';

function setUp(sql: SqlJsStatic): SqlJsStatic {
  const probe = new sql.Database();
  // Process-wide in SQLite (sqlite3_hard_heap_limit64): any connection sets it for all. The soft
  // limit follows the hard one.
  probe.exec(`PRAGMA hard_heap_limit = ${SQL_HEAP_LIMIT_BYTES}`);
  setup = { handleKey: statementHandleKey(labEngine(sql), probe), probe, heapLimits: JSON.stringify(probe.exec(HEAP_LIMITS_SQL)) };
  return sql;
}

function labEngine(sql: SqlJsStatic): LabEngine {
  return sql as unknown as LabEngine;
}

/**
 * Whether this thread's engine is as it was set up after a job: SQLite's heap limits read back as
 * set, and no more memory held outside the JS heap than a clean worker's (sql.js 1.16 exposes no
 * way to list its file system, so what a file would hold is what is measured). A worker that is
 * not is replaced, whatever a job managed to do to it.
 */
export function engineIntact(): boolean {
  return heapLimitsIntact() && getHeapStatistics().external_memory <= externalBound;
}

/** SQLite's heap limits read back as set up: the part of engineIntact that no other code on the thread can move. */
export function heapLimitsIntact(): boolean {
  return !setup || JSON.stringify(setup.probe.exec(HEAP_LIMITS_SQL)) === setup.heapLimits;
}

/** The engine's WebAssembly, compiled (once per process, by the runner). */
export function compileEngine(): CompiledEngine {
  return new wasmApi.Module(readFileSync(createRequire(import.meta.url).resolve('sql.js/dist/sql-wasm.wasm')));
}

const CAPS = { rows: SQL_RESULT_ROW_CAP, ...SQL_RESULT_BYTE_CAPS };

/** A database built from `source` (a sandbox script), as bytes any number of copies open from. */
export function buildSandbox(sql: SqlJsStatic, source: string): Uint8Array {
  const db = new sql.Database();
  try {
    runStatements(sql, db, source);
    return db.export();
  } finally {
    db.close();
  }
}

/** Runs `query` on a fresh copy of the sandbox and answers the last result that has columns. */
export function runOnCopy(sql: SqlJsStatic, sandbox: Uint8Array | null, query: string): QueryResult {
  const db = sandbox ? new sql.Database(sandbox) : new sql.Database();
  try {
    return runStatements(sql, db, query) ?? { columns: [], rows: [] };
  } finally {
    db.close();
  }
}

/** What a statement that only reads starts with, after white space, comments and stray `;`. */
const READING_START = /^(?:\s|;|--[^\n]*(?:\n|$)|\/\*[\s\S]*?\*\/)*(?:(SELECT|VALUES|WITH)\b|$)/i;
/** A statement that may write: the text runs on a fresh copy instead. */
class WritesData extends Error {}
/** Open read-only connections, by the sandbox bytes they were opened from (least recently used first). */
const readers = new Map<Uint8Array, Database>();
const READERS_KEPT = 8;

function readerOf(sql: SqlJsStatic, sandbox: Uint8Array): Database {
  let db = readers.get(sandbox);
  if (db) {
    readers.delete(sandbox);
  } else {
    db = new sql.Database(sandbox);
    prepareLabDatabase(db, SQL_COPY_MAX_PAGES);
    // Belt and braces: SQLite itself refuses any write on this connection.
    db.exec('PRAGMA query_only = ON');
  }
  readers.set(sandbox, db);
  for (const [bytes, old] of readers) {
    if (readers.size <= READERS_KEPT) break;
    readers.delete(bytes);
    old.close();
  }
  return db;
}

/**
 * runOnCopy for a learner's answer, without the copy when every statement only reads (SELECT,
 * VALUES, WITH … SELECT): it runs on a connection kept open, read-only, on the same bytes. Opening a
 * copy is most of an ordinary attempt's cost, and a checked attempt runs on two datasets. Anything
 * else (a write, a PRAGMA, a transaction, or a WITH that SQLite finds writing) runs on a fresh copy
 * as before, so what a run sees never depends on an earlier one.
 */
export function runReadingOrOnCopy(sql: SqlJsStatic, sandbox: Uint8Array | null, query: string): QueryResult {
  if (!sandbox) return runOnCopy(sql, sandbox, query);
  const reading = (statementSql: string) => {
    const refused = statementRefusal(statementSql);
    if (refused !== null) return refused;
    const start = READING_START.exec(statementSql);
    if (!start) throw new WritesData();
    return null;
  };
  let results;
  try {
    results = runLabStatements(labEngine(sql), readerOf(sql, sandbox), query, { refusal: reading, caps: CAPS, handleKey: setup?.handleKey ?? '' });
  } catch (error) {
    if (error instanceof WritesData || /readonly database|query_only/i.test(String((error as Error)?.message))) return runOnCopy(sql, sandbox, query);
    throw failureOf(query, error);
  }
  const last = results.at(-1);
  return last ? { columns: last.columns, rows: last.rows.map((row) => row.map((value) => toValue(value as EngineValue))) } : { columns: [], rows: [] };
}

/**
 * Every statement of `text` in turn (@dblearn/lab runLabStatements, as the browser runs a
 * lesson's block): each judged by the lab's rule before it runs, so that a refusal or a failure
 * names the line its statement starts on, on a database with foreign keys on. The result is capped
 * in rows (SQL_RESULT_ROW_CAP) and in bytes (SQL_RESULT_BYTE_CAPS) while it is read.
 * With `explainLast` (a lesson's Explain, as the browser's worker runs it) the last statement does
 * not run: its EXPLAIN QUERY PLAN rows (id, parent, notused, detail) are the result; the content
 * check explains every ```sql compare-plans variant this way.
 */
export function runStatements(sql: SqlJsStatic, db: Database, text: string, explainLast = false): QueryResult | null {
  let results;
  try {
    prepareLabDatabase(db, SQL_COPY_MAX_PAGES);
    results = runLabStatements(labEngine(sql), db, text, { refusal: statementRefusal, caps: CAPS, handleKey: setup?.handleKey ?? '' }, explainLast);
  } catch (error) {
    throw failureOf(text, error);
  }
  const last = results.at(-1);
  return last ? { columns: last.columns, rows: last.rows.map((row) => row.map((value) => toValue(value as EngineValue))) } : null;
}

/** A run's failure as the learner reads it: a refusal or an SQLite error with its statement's line, a size without one. */
function failureOf(text: string, error: unknown): SqlFailure {
  const { offset, refused, whole } = (error ?? {}) as { offset?: number; refused?: string; whole?: boolean };
  if (whole || offset === undefined) return new SqlFailure(messageOf(error), null);
  const line = statementLine(text, offset);
  // The refusal's message names its line already.
  if (refused) return new SqlFailure(refusedAt(refused, line), null);
  return new SqlFailure(messageOf(error), line);
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
