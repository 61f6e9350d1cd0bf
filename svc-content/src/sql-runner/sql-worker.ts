import { type Dataset, deepFreeze, type MongoCollections, parseMongoSandbox } from '@dblearn/lab';
import { deriveHiddenCollections, deriveHiddenSql } from '@dblearn/lab/hidden-variant';
import { readFileSync, readlinkSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import type { SqlJsStatic } from 'sql.js';
import { gradeAttempt, type GradingData, referenceFailure } from './check-grading.js';
import { loadMingoBundle, type Mingo } from './mingo-bundle.js';
import {
  type DatasetTable,
  hiddenBudgetMs,
  type SandboxScripts,
  type SqlHiddenPhaseMessage,
  type SqlJob,
  type SqlJobMessage,
  type SqlJobReply,
  type SqlMissingSandbox,
  type SqlReplyMessage,
  type SqlWorkerHello,
} from './sql-jobs.js';
import { buildSandbox, type CompiledEngine, engineIntact, loadEngine, SqlFailure } from './sql-engine.js';

// One SQL worker thread (SqlRunner keeps a few).

/** A few recent items, the oldest dropped first. */
class Recent<V> {
  private readonly items = new Map<string, V>();
  constructor(private readonly size: number) {}
  has(key: string): boolean {
    return this.items.has(key);
  }
  get(key: string): V | undefined {
    const value = this.items.get(key);
    if (value !== undefined) {
      this.items.delete(key);
      this.items.set(key, value);
    }
    return value;
  }
  set(key: string, value: V): void {
    this.items.delete(key);
    this.items.set(key, value);
    if (this.items.size > this.size) this.items.delete(this.items.keys().next().value as string);
  }
}

const datasets = new Recent<Uint8Array>(32);
const collections = new Recent<MongoCollections>(32);
const expectedResults = new Recent<unknown>(256);

/** Thrown when a job names a sandbox this worker does not have and leaves its scripts out. */
class MissingSandbox extends Error {}

/** A dataset's built bytes: the visible script, the admin's hidden script, or the variant derived from the visible data. */
function sqlBytes(sql: SqlJsStatic, key: string, source: SandboxScripts | undefined, which: Dataset): Uint8Array {
  const cacheKey = `${key}\u0000${which}`;
  let bytes = datasets.get(cacheKey);
  if (!bytes) {
    if (source === undefined) throw new MissingSandbox();
    if (which === 'visible') bytes = buildSandbox(sql, source.visible);
    else if (source.hidden !== null) bytes = buildSandbox(sql, source.hidden);
    else bytes = derivedBytes(sql, sqlBytes(sql, key, source, 'visible'));
    datasets.set(cacheKey, bytes);
  }
  return bytes;
}

function derivedBytes(sql: SqlJsStatic, visible: Uint8Array): Uint8Array {
  const db = new sql.Database(visible);
  try {
    deriveHiddenSql(db);
    return db.export();
  } finally {
    db.close();
  }
}

/** Every table's stored columns and rows, in rowid (storage) order where it has one: the order a copy of them keeps. */
function datasetTables(sql: SqlJsStatic, bytes: Uint8Array): DatasetTable[] {
  const db = new sql.Database(bytes);
  try {
    const names = db.exec("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")[0]?.values ?? [];
    return names.map(([name]) => {
      const quoted = `"${String(name).replace(/"/g, '""')}"`;
      const columns = (db.exec('SELECT name FROM pragma_table_info(?)', [String(name)])[0]?.values ?? []).map(([column]) => String(column));
      const list = columns.map((column) => `"${column.replace(/"/g, '""')}"`).join(', ');
      let rows: DatasetTable['rows'];
      try {
        rows = (db.exec(`SELECT ${list} FROM ${quoted} ORDER BY rowid`)[0]?.values ?? []) as DatasetTable['rows'];
      } catch {
        // A WITHOUT ROWID table: its key's order.
        rows = (db.exec(`SELECT ${list} FROM ${quoted}`)[0]?.values ?? []) as DatasetTable['rows'];
      }
      return { name: String(name), columns, rows };
    });
  } finally {
    db.close();
  }
}

function mongoData(key: string, source: SandboxScripts | undefined, which: Dataset): MongoCollections {
  const cacheKey = `${key}\u0000${which}`;
  let data = collections.get(cacheKey);
  if (!data) {
    if (source === undefined) throw new MissingSandbox();
    if (which === 'hidden' && source.hidden === null) data = deriveHiddenCollections(mongoData(key, source, 'visible'));
    else {
      const parsed = parseMongoSandbox(which === 'visible' ? source.visible : (source.hidden as string));
      if ('error' in parsed) throw new SqlFailure(parsed.error, null);
      data = parsed.collections;
    }
    // Every later job of this worker reads these: frozen, no query can write into them (runs work on copies).
    collections.set(cacheKey, deepFreeze(data));
  }
  return data;
}

/** What grading reads for one job: its datasets, and expected results cached per dataset and check. */
function gradingData(sql: SqlJsStatic, mingo: Mingo | null, job: Extract<SqlJob, { op: 'reference' | 'attempt' }>, id?: number): GradingData {
  const checkKey = JSON.stringify(job.check);
  return {
    sql,
    mingo,
    // Posted while this thread goes on: SqlRunner (or the heavy-query process) holds the hidden run to its budget.
    clockMs: threadCpuMs,
    enteringHidden:
      id === undefined ? undefined : (verdict, practiceMs) => parentPort?.postMessage({ id, hidden: { verdict, budgetMs: hiddenBudgetMs(practiceMs), startCpuMs: threadCpuMs() } } satisfies SqlHiddenPhaseMessage),
    sqlBytes: (which) => sqlBytes(sql, job.sandboxKey, job.source, which),
    collections: (which) => mongoData(job.sandboxKey, job.source, which),
    expected<T>(which: Dataset, compute: () => T): T {
      const cacheKey = `${job.sandboxKey}\u0000${which}\u0000${checkKey}`;
      if (expectedResults.has(cacheKey)) return expectedResults.get(cacheKey) as T;
      // Frozen like the collections: read by every later attempt at the check, written by none.
      const result = deepFreeze(compute());
      expectedResults.set(cacheKey, result);
      return result;
    },
  };
}

/** The engine's module, compiled once by SqlRunner. */
const compiled = (workerData as { wasm?: CompiledEngine } | null)?.wasm;

/** Loaded by the first mongo job (a SQL-only worker never needs it). */
let mingoEngine: Mingo | null = null;

async function handle(id: number, job: SqlJob): Promise<SqlJobReply | SqlMissingSandbox> {
  const sql = await loadEngine(compiled);
  const mingo = (job.op === 'reference' || job.op === 'attempt') && job.check.kind === 'mongo' ? (mingoEngine ??= loadMingoBundle()) : null;
  try {
    switch (job.op) {
      case 'sandbox':
        buildSandbox(sql, job.source);
        return { ok: true };
      case 'reference':
        return referenceFailure(gradingData(sql, mingo, job), job.check) ?? { ok: true };
      case 'attempt':
        return gradeAttempt(gradingData(sql, mingo, job, id), job.check, job.answer);
      case 'rows':
        return { tables: datasetTables(sql, sqlBytes(sql, job.sandboxKey, job.source, job.which)) };
    }
  } catch (error) {
    if (error instanceof SqlFailure) return { error: error.message, line: error.line };
    if (error instanceof MissingSandbox) return { missingSandbox: true };
    throw error;
  }
}

parentPort?.on('message', ({ id, job }: SqlJobMessage) => {
  void handle(id, job).then(
    (reply) => parentPort?.postMessage({ id, reply, ...(engineIntact() ? {} : { tainted: true as const }) } satisfies SqlReplyMessage),
    (error: unknown) => parentPort?.postMessage({ id, reply: { error: `The query could not be run: ${error instanceof Error ? error.message : String(error)}`, line: null } } satisfies SqlReplyMessage),
  );
});
// Loads the engine before the first job asks (a failure is answered by the job that needs it).
void loadEngine(compiled).catch(() => undefined);
parentPort?.postMessage({ tid: threadId() } satisfies SqlWorkerHello);

/**
 * This thread's CPU time in ms: getrusage(RUSAGE_THREAD), one system call per reading (user + system
 * add up to the scheduler's runtime that SqlRunner reads from /proc for the same thread); else
 * Linux's schedstat, else wall time.
 */
function threadCpuMs(): number {
  if (typeof process.threadCpuUsage === 'function') {
    const { user, system } = process.threadCpuUsage();
    return (user + system) / 1000;
  }
  try {
    return Number(readFileSync('/proc/thread-self/schedstat', 'latin1').split(' ', 1)[0]) / 1e6;
  } catch {
    return performance.now();
  }
}

/** This thread's Linux task id (SqlRunner lowers the priority of a thread running a slow query); null elsewhere. */
function threadId(): number | null {
  try {
    const tid = Number(/task\/(\d+)$/.exec(readlinkSync('/proc/thread-self'))?.[1]);
    return Number.isInteger(tid) ? tid : null;
  } catch {
    return null;
  }
}
