import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { setPriority } from 'node:os';
import { Worker } from 'node:worker_threads';
import { compileEngine } from './sql-engine.js';
import type { HeavyJobMessage, HeavyReplyMessage, SqlHiddenPhaseMessage, SqlJobReply, SqlReplyMessage, SqlWorkerHello } from './sql-jobs.js';
import { workerFile } from './worker-file.js';

/*
 * The heavy-query process (started by HeavyQueries): runs the queries that turned out heavy in
 * SqlRunner's pool, each on a worker thread, at the lowest priority. Lowering a thread's nice value
 * inside svc-content was not enough (measured in session 2): on Linux with autogroups each session
 * competes with the others at equal weight whatever its threads' nice values, so a runaway took a
 * full share of a core from the gateway and NATS. This process therefore
 * - leads a session of its own (spawned detached) and sets its autogroup's nice to 10: a tenth of
 *   a nice-0 session's weight. At 19 (1.5 %) a query of 50 ms of CPU took 8.5 s on a box kept
 *   busy by other sessions (two CPU hogs, a CI run) and was stopped at the limit; at 10 it finishes,
 *   and a runaway still takes at most about a tenth of a core that anything else wants;
 * - puts its threads under SCHED_IDLE (through util-linux's chrt; threads started later inherit
 *   it): a waking request thread then preempts a runaway at once instead of after its time slice;
 * - and, where neither exists (a container's cgroup, another OS), runs at nice 19.
 */

const LOWEST_PRIORITY = 19;
/** The session's weight among sessions (autogroup nice): low, never so low that a finite query starves. */
const SESSION_NICE = 10;
/** Workers whose job ended within its limit wait here for the next heavy job (a runaway's is stopped). */
const IDLE_KEPT = 2;

try {
  writeFileSync('/proc/self/autogroup', String(SESSION_NICE));
} catch {
  // No autogroups here (or not Linux): the threads' own nice value below still ranks them last.
}
try {
  // Worker threads inherit the nice value and the policy of the thread that starts them (this one).
  setPriority(LOWEST_PRIORITY);
} catch {
  // Not permitted: the autogroup's nice is what there is.
}
try {
  execFileSync('chrt', ['--idle', '-p', '0', String(process.pid)], { stdio: 'ignore', timeout: 2_000 });
} catch {
  // No chrt here: the nice values above rank the threads last.
}

const wasm = compileEngine();
const idle: Worker[] = [newWorker()];

/** Each worker's Linux thread id, from its hello (a hidden run's budget is counted in its CPU time). */
const threadIds = new WeakMap<Worker, number>();
/** How often a hidden run's CPU time is read. */
const HIDDEN_WATCH_MS = 25;

function newWorker(): Worker {
  const worker = new Worker(workerFile(import.meta.url), { workerData: { wasm }, resourceLimits: { maxOldGenerationSizeMb: 256 } });
  worker.on('message', (message: SqlWorkerHello | object) => {
    if ('tid' in message && message.tid !== null) threadIds.set(worker, message.tid);
  });
  // A worker that fails while idle is dropped (one running a job answers through its job's listener).
  worker.on('error', () => {
    const index = idle.indexOf(worker);
    if (index !== -1) idle.splice(index, 1);
  });
  return worker;
}

function answer(message: HeavyReplyMessage): void {
  if (process.connected) process.send?.(message);
}

function run({ id, job, timeLimitMs }: HeavyJobMessage): void {
  const worker = idle.pop() ?? newWorker();
  let finished = false;
  const finish = (message: HeavyReplyMessage, keepWorker: boolean) => {
    if (finished) return;
    finished = true;
    clearTimeout(timer);
    worker.off('message', onMessage).off('error', onError);
    answer(message);
    if (keepWorker && idle.length < IDLE_KEPT) idle.push(worker);
    else void worker.terminate();
  };
  let hiddenVerdict: SqlJobReply | null = null;
  const onMessage = (message: SqlReplyMessage | SqlWorkerHello | SqlHiddenPhaseMessage) => {
    if ('hidden' in message) {
      if (message.id !== id) return;
      // Past the practice data: SqlRunner's side learns the verdict too, and the hidden run ends at its
      // budget, counted in the thread's CPU time (this process runs at the lowest priority: its wall
      // time stretches on a busy box, its CPU time does not).
      hiddenVerdict = message.hidden.verdict;
      answer(message);
      watchHidden(worker, message.hidden.budgetMs, () => !finished, () => finish({ id, reply: message.hidden.verdict }, false));
      return;
    }
    // The job always carries its sandbox's script, so a worker never answers missingSandbox.
    // A worker left otherwise than it was set up is not kept for the next job.
    if ('id' in message && message.id === id && !('missingSandbox' in message.reply)) finish({ id, reply: message.reply }, message.tainted !== true);
  };
  const onError = (error: Error) => finish({ id, reply: hiddenVerdict ?? { error: `The query could not be run: ${error.message}`, line: null } }, false);
  const timer = setTimeout(() => finish(hiddenVerdict ? { id, reply: hiddenVerdict } : { id, timedOut: true }, false), Math.max(0, timeLimitMs));
  worker.on('message', onMessage).on('error', onError);
  worker.postMessage({ id, job });
  // A ready worker for the next heavy job, started now at this process's low priority.
  if (idle.length === 0) idle.push(newWorker());
}

/** Ends a hidden run (`stop`) once its thread has spent `budgetMs` of CPU on it; without a thread id, once that much wall time passed. */
function watchHidden(worker: Worker, budgetMs: number, running: () => boolean, stop: () => void): void {
  const tid = threadIds.get(worker);
  const cpuMs = () => (tid === undefined ? performance.now() : threadCpuMs(tid));
  const start = cpuMs();
  const sample = () => {
    if (!running()) return;
    if (cpuMs() - start >= budgetMs) stop();
    else setTimeout(sample, HIDDEN_WATCH_MS);
  };
  setTimeout(sample, HIDDEN_WATCH_MS);
}

/** A thread's CPU time in ms (Linux's schedstat); wall time where it cannot be read. */
function threadCpuMs(tid: number): number {
  try {
    return Number(readFileSync(`/proc/self/task/${tid}/schedstat`, 'latin1').split(' ', 1)[0]) / 1e6;
  } catch {
    return performance.now();
  }
}

process.on('message', (message: HeavyJobMessage) => run(message));
// svc-content went away (stopped, crashed or SIGKILLed): so does this process.
process.on('disconnect', () => process.exit(0));
