import { ATTEMPT_ROWS_SHOWN, type AttemptResult, EXPECTED_ROWS_SHOWN } from '@dblearn/contracts';
import { readlinkSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import type { SqlJsStatic } from 'sql.js';
import { gradeRows, ordersAtTopLevel, type QueryResult } from '@dblearn/contracts';
import type { SqlJob, SqlJobMessage, SqlJobReply, SqlMissingSandbox, SqlReplyMessage, SqlWorkerHello } from './sql-jobs.js';
import { buildSandbox, type CompiledEngine, loadEngine, runOnCopy, SqlFailure } from './sql-engine.js';

// One SQL worker thread (SqlRunner keeps a few).

/** A few recent items, the oldest dropped first. */
class Recent<V> {
  private readonly items = new Map<string, V>();
  constructor(private readonly size: number) {}
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

const sandboxes = new Recent<Uint8Array>(32);
const references = new Recent<QueryResult>(256);

/** Thrown when a job names a sandbox this worker does not have and leaves its script out. */
class MissingSandbox extends Error {}

function sandboxBytes(sql: SqlJsStatic, key: string, source: string | undefined): Uint8Array {
  let bytes = sandboxes.get(key);
  if (!bytes) {
    if (source === undefined) throw new MissingSandbox();
    bytes = buildSandbox(sql, source);
    sandboxes.set(key, bytes);
  }
  return bytes;
}

function referenceResult(sql: SqlJsStatic, key: string, source: string | undefined, referenceSql: string): QueryResult {
  const cacheKey = `${key}\u0000${referenceSql}`;
  let result = references.get(cacheKey);
  if (!result) {
    result = runOnCopy(sql, sandboxBytes(sql, key, source), referenceSql);
    references.set(cacheKey, result);
  }
  return result;
}

function attempt(sql: SqlJsStatic, job: Extract<SqlJob, { op: 'attempt' }>): AttemptResult {
  const expected = referenceResult(sql, job.sandboxKey, job.source, job.referenceSql);
  let actual: QueryResult;
  try {
    actual = runOnCopy(sql, sandboxBytes(sql, job.sandboxKey, job.source), job.sql);
  } catch (error) {
    if (error instanceof SqlFailure) return { passed: false, message: error.message };
    throw error;
  }
  const verdict = gradeRows(expected, actual, ordersAtTopLevel(job.referenceSql));
  const answer: AttemptResult = { ...verdict, columns: actual.columns, rows: actual.rows.slice(0, ATTEMPT_ROWS_SHOWN), rowCount: actual.rows.length };
  // A fail shows the first expected rows beside the learner's: the reason made visible, not the whole answer.
  if (!verdict.passed) answer.expected = { columns: expected.columns, rows: expected.rows.slice(0, EXPECTED_ROWS_SHOWN), rowCount: expected.rows.length };
  return answer;
}

/** The engine's module, compiled once by SqlRunner. */
const compiled = (workerData as { wasm?: CompiledEngine } | null)?.wasm;

async function handle(job: SqlJob): Promise<SqlJobReply | SqlMissingSandbox> {
  const sql = await loadEngine(compiled);
  try {
    switch (job.op) {
      case 'sandbox':
        buildSandbox(sql, job.source);
        return { ok: true };
      case 'reference':
        referenceResult(sql, job.sandboxKey, job.source, job.referenceSql);
        return { ok: true };
      case 'attempt':
        return attempt(sql, job);
    }
  } catch (error) {
    if (error instanceof SqlFailure) return { error: error.message, line: error.line };
    if (error instanceof MissingSandbox) return { missingSandbox: true };
    throw error;
  }
}

parentPort?.on('message', ({ id, job }: SqlJobMessage) => {
  void handle(job).then(
    (reply) => parentPort?.postMessage({ id, reply } satisfies SqlReplyMessage),
    (error: unknown) => parentPort?.postMessage({ id, reply: { error: `The query could not be run: ${error instanceof Error ? error.message : String(error)}`, line: null } } satisfies SqlReplyMessage),
  );
});
// Loads the engine before the first job asks.
void loadEngine(compiled);
parentPort?.postMessage({ tid: threadId() } satisfies SqlWorkerHello);

/** This thread's Linux task id (SqlRunner lowers the priority of a thread running a slow query); null elsewhere. */
function threadId(): number | null {
  try {
    const tid = Number(/task\/(\d+)$/.exec(readlinkSync('/proc/thread-self'))?.[1]);
    return Number.isInteger(tid) ? tid : null;
  } catch {
    return null;
  }
}
