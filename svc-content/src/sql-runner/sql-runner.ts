import { SQL_TIME_LIMIT_MS } from '@dblearn/contracts';
import { serviceUnavailable } from '@dblearn/nest-common';
import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { readFileSync } from 'node:fs';
import { setPriority } from 'node:os';
import { Worker } from 'node:worker_threads';
import { CONTENT_CONFIG, type ContentConfig } from '../config/content-config.js';
import { HeavyQueries } from './heavy-queries.js';
import { shownAnswer } from './shown-answer.js';
import { compileEngine } from './sql-engine.js';
import { type SqlJob, type SqlJobMessage, type SqlJobReply, type SqlReplyMessage, type SqlWorkerHello, TIMED_OUT } from './sql-jobs.js';
import { workerFile } from './worker-file.js';

export { TIMED_OUT } from './sql-jobs.js';

/** Jobs waiting for a worker beyond this are refused (503) rather than queued without end. */
const MAX_WAITING = 500;

/**
 * A job is heavy once its thread has spent this much CPU on it (an ordinary attempt costs about
 * 1 ms). Counted in CPU, not wall time: on a busy box an ordinary attempt can wait 100 ms for a
 * core, and taking such jobs for heavy ones moved work that did not need it.
 */
const HEAVY_JOB_CPU_MS = 15;
/** A running job's thread is first sampled after this long, then at this interval. */
const WATCH_MS = 25;
/** Where a thread's CPU time cannot be read (not Linux): a job still running after this long is heavy. */
const HEAVY_JOB_WALL_MS = 500;
/** A worker that could not start is tried again after this long. */
const RESTART_DELAY_MS = 1_000;
/** A heavy job that cannot move (the heavy-query process is full or down) drops to this nice value in place. */
const HEAVY_JOB_NICE = 19;

interface Pending {
  id: number;
  job: SqlJob;
  timeLimitMs: number;
  /** When its time limit ends (set when a worker takes it). */
  deadline: number;
  resolve(reply: SqlJobReply | typeof TIMED_OUT): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  tid: number | null;
  current: Pending | null;
  timer: NodeJS.Timeout | null;
  watch: NodeJS.Timeout | null;
  reniced: boolean;
  /** Sandboxes whose script this worker was sent (it builds each once and keeps it). */
  sentSandboxes: Set<string>;
}

/**
 * A small pool of worker threads running sql.js, so that no query ever runs on the thread that
 * answers requests. Each job has the time limit; a worker past it is terminated (sql.js exposes no
 * way to interrupt SQLite) and a started spare takes its place.
 *
 * A heavy job (HEAVY_JOB_CPU_MS) does not stay: its worker is terminated, the spare takes the slot
 * and the job runs again, with what is left of its limit, in the heavy-query process at the lowest
 * priority (see heavy-query-process.ts). So a runaway costs the pool ~15 ms of CPU and a worker's
 * start, never a slot for 2 s or a core's share. Queries run on a fresh copy of their sandbox, so
 * running one again changes nothing.
 */
@Injectable()
export class SqlRunner implements OnModuleDestroy {
  private readonly logger = new Logger(SqlRunner.name);
  private readonly slots: Slot[];
  private readonly waiting: Pending[] = [];
  private readonly heavy: HeavyQueries;
  /** A started worker waiting to take the place of a slot whose worker is terminated. */
  private spare: Slot | null;
  private nextId = 1;
  private moved = 0;
  private closed = false;
  private readonly wasm = compileEngine();

  constructor(@Inject(CONTENT_CONFIG) config: Pick<ContentConfig, 'sqlWorkers'>) {
    this.slots = Array.from({ length: config.sqlWorkers }, () => this.newSlot());
    this.spare = this.newSlot();
    this.heavy = new HeavyQueries(config.sqlWorkers);
  }

  run(job: SqlJob, timeLimitMs = SQL_TIME_LIMIT_MS): Promise<SqlJobReply | typeof TIMED_OUT> {
    if (this.closed) return Promise.reject(new Error('The SQL runner is closed.'));
    if (this.waiting.length >= MAX_WAITING) return Promise.reject(serviceUnavailable('Too many queries are waiting to run. Try again shortly.'));
    return new Promise<SqlJobReply | typeof TIMED_OUT>((resolve, reject) => {
      this.waiting.push({ id: this.nextId++, job, timeLimitMs, deadline: 0, resolve, reject });
      this.dispatch();
    }).then(shownAnswer);
  }

  /** The heavy-query process's id, while it runs (for tests). */
  get heavyQueryPid(): number | null {
    return this.heavy.pid;
  }

  /** How many jobs moved to the heavy-query process since the start. */
  get movedJobs(): number {
    return this.moved;
  }

  async onModuleDestroy(): Promise<void> {
    this.closed = true;
    for (const pending of this.waiting.splice(0)) pending.reject(new Error('The SQL runner is closed.'));
    const spare = this.spare ? [this.spare] : [];
    this.spare = null;
    await Promise.all([...[...this.slots, ...spare].map((slot) => this.stop(slot)), this.heavy.close()]);
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      if (slot.current || this.waiting.length === 0) continue;
      const pending = this.waiting.shift() as Pending;
      slot.current = pending;
      pending.deadline = Date.now() + pending.timeLimitMs;
      slot.timer = setTimeout(() => this.replace(slot)?.resolve(TIMED_OUT), pending.timeLimitMs);
      const job = withoutKnownSource(slot, pending.job);
      this.watch(slot, pending, job.source === undefined);
      slot.worker.postMessage({ id: pending.id, job } satisfies SqlJobMessage);
    }
  }

  private newSlot(): Slot {
    const worker = new Worker(workerFile(import.meta.url), { workerData: { wasm: this.wasm }, resourceLimits: { maxOldGenerationSizeMb: 256 } });
    const slot: Slot = { worker, tid: null, current: null, timer: null, watch: null, reniced: false, sentSandboxes: new Set() };
    slot.worker.on('message', (message: SqlReplyMessage | SqlWorkerHello) => {
      if ('tid' in message) slot.tid = message.tid;
      else if (slot.current?.id === message.id) {
        const reply = message.reply;
        if ('missingSandbox' in reply) {
          // It dropped the sandbox from its cache: the same job again, script included.
          slot.worker.postMessage({ id: message.id, job: slot.current.job } satisfies SqlJobMessage);
          return;
        }
        // A worker left otherwise than it was set up (or stuck at a low priority) does not take another job.
        if (message.tainted || (slot.reniced && !restorePriority(slot))) this.replace(slot)?.resolve(reply);
        else this.finish(slot).resolve(reply);
      }
    });
    slot.worker.on('error', (error) => {
      this.logger.error(`A SQL worker failed: ${error.message}`);
      this.lost(slot)?.reject(new Error(`The query could not be run: ${error.message}`));
    });
    slot.worker.on('exit', (code) => {
      if (this.closed || !(this.slots.includes(slot) || this.spare === slot)) return;
      this.logger.error(`A SQL worker exited (code ${code}).`);
      this.lost(slot)?.reject(new Error('The query could not be run: its worker stopped.'));
    });
    return slot;
  }

  /**
   * Samples the job's thread while it runs and moves it once it is heavy. A job that carries a
   * sandbox's script builds it first (20–30 ms of CPU on a fresh worker, JIT included): only the
   * wall-clock bound applies to it.
   */
  private watch(slot: Slot, pending: Pending, byCpu: boolean): void {
    const started = Date.now();
    let firstCpuMs: number | null = null;
    const sample = () => {
      slot.watch = null;
      if (slot.current !== pending) return;
      const cpuMs = byCpu ? threadCpuMs(slot.tid) : null;
      const heavy = cpuMs === null ? Date.now() - started >= HEAVY_JOB_WALL_MS : firstCpuMs !== null && cpuMs - firstCpuMs >= HEAVY_JOB_CPU_MS;
      if (heavy) {
        this.moveHeavy(slot, pending);
        return;
      }
      firstCpuMs ??= cpuMs;
      slot.watch = setTimeout(sample, WATCH_MS);
    };
    slot.watch = setTimeout(sample, WATCH_MS);
  }

  /** The heavy job goes to the heavy-query process when it has room; otherwise it stays, at the lowest priority. */
  private moveHeavy(slot: Slot, pending: Pending): void {
    if (this.heavy.accepts()) {
      this.moved += 1;
      this.replace(slot);
      this.heavy.run(pending.job, pending.deadline - Date.now()).then(pending.resolve, pending.reject);
      return;
    }
    if (slot.tid === null) return;
    try {
      setPriority(slot.tid, HEAVY_JOB_NICE);
      slot.reniced = true;
    } catch {
      // Not permitted here: the query keeps its priority until the time limit.
    }
  }

  /** The slot's job is done: it is free for the next one. */
  private finish(slot: Slot): Pending {
    const pending = slot.current as Pending;
    clearTimers(slot);
    slot.current = null;
    setImmediate(() => this.dispatch());
    return pending;
  }

  /** Terminates the slot's worker and puts the spare in its place; answers the job it was running. */
  private replace(slot: Slot): Pending | null {
    const index = this.slots.indexOf(slot);
    if (index === -1) return null;
    const pending = slot.current;
    clearTimers(slot);
    if (!this.closed) this.slots[index] = this.takeSpare();
    else this.slots.splice(index, 1);
    void slot.worker.terminate();
    if (!this.closed) setImmediate(() => this.dispatch());
    return pending;
  }

  /**
   * A worker that failed or exited: a pool slot is replaced. One that failed before it ever said
   * hello cannot start at all (a bad build, an option it refuses): its slot leaves the pool and a
   * fresh worker joins a second later, so nothing spins; a lost spare is started by the next takeSpare.
   */
  private lost(slot: Slot): Pending | null {
    if (this.spare === slot) {
      this.spare = null;
      void slot.worker.terminate();
      return null;
    }
    if (slot.tid !== null || !this.slots.includes(slot)) return this.replace(slot);
    const pending = slot.current;
    clearTimers(slot);
    this.slots.splice(this.slots.indexOf(slot), 1);
    void slot.worker.terminate();
    setTimeout(() => {
      if (this.closed) return;
      this.slots.push(this.newSlot());
      this.dispatch();
    }, RESTART_DELAY_MS);
    return pending;
  }

  /** The spare (started earlier, so usually ready) for a pool slot, and a new spare behind it. */
  private takeSpare(): Slot {
    const taken = this.spare ?? this.newSlot();
    this.spare = this.newSlot();
    return taken;
  }

  private async stop(slot: Slot): Promise<void> {
    clearTimers(slot);
    await slot.worker.terminate();
  }
}

/** A sandbox's script (up to 200 kB) crosses to a worker once; later jobs name it by key. */
function withoutKnownSource(slot: Slot, job: SqlJob): SqlJob {
  if (job.op === 'sandbox') return job;
  if (slot.sentSandboxes.has(job.sandboxKey)) return { ...job, source: undefined };
  if (slot.sentSandboxes.size >= 256) slot.sentSandboxes.clear();
  slot.sentSandboxes.add(job.sandboxKey);
  return job;
}

/** Back to normal priority after a heavy job; false when not permitted. */
function restorePriority(slot: Slot): boolean {
  try {
    setPriority(slot.tid as number, 0);
    slot.reniced = false;
    return true;
  } catch {
    return false;
  }
}

function clearTimers(slot: Slot): void {
  if (slot.timer) clearTimeout(slot.timer);
  if (slot.watch) clearTimeout(slot.watch);
  slot.timer = null;
  slot.watch = null;
}

/** The CPU time a thread of this process has used (Linux's schedstat), in ms; null where it cannot be read. */
function threadCpuMs(tid: number | null): number | null {
  if (tid === null) return null;
  try {
    return Number(readFileSync(`/proc/self/task/${tid}/schedstat`, 'latin1').split(' ', 1)[0]) / 1e6;
  } catch {
    return null;
  }
}
