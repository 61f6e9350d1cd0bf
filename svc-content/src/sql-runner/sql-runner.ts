import { SQL_TIME_LIMIT_MS } from '@dblearn/contracts';
import { serviceUnavailable } from '@dblearn/nest-common';
import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { setPriority } from 'node:os';
import { Worker } from 'node:worker_threads';
import { CONTENT_CONFIG, type ContentConfig } from '../config/content-config.js';
import { compileEngine } from './sql-engine.js';
import type { SqlJob, SqlJobMessage, SqlJobReply, SqlReplyMessage, SqlWorkerHello } from './sql-jobs.js';

/** The answer of a job that ran past the time limit (its worker was stopped and replaced). */
export const TIMED_OUT = 'timed-out';

/** Jobs waiting for a worker beyond this are refused (503) rather than queued without end. */
const MAX_WAITING = 500;

/**
 * A job still running after this long is a runaway in the making: its thread drops to the lowest
 * priority (Linux keeps a nice value per thread), so the threads that answer requests keep the
 * CPU for the rest of its time limit. Afterwards its priority is restored, or, where that needs a
 * privilege the service lacks, the worker is replaced.
 */
const SLOW_JOB_MS = 100;
const SLOW_JOB_NICE = 19;
/**
 * A job still running after this long leaves the pool: a fresh worker takes its place (at most as
 * many such threads as the pool has), so the other jobs keep every worker, and its own worker ends
 * with it. Later than SLOW_JOB_MS because starting a worker costs CPU: on a busy box an ordinary
 * attempt (~1 ms of CPU) can take 100 ms of wall time, never 500.
 */
const DETACH_JOB_MS = 500;

interface Pending {
  id: number;
  job: SqlJob;
  timeLimitMs: number;
  resolve(reply: SqlJobReply | typeof TIMED_OUT): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  tid: number | null;
  current: Pending | null;
  timer: NodeJS.Timeout | null;
  slowTimer: NodeJS.Timeout | null;
  reniced: boolean;
  /** Sandboxes whose script this worker was sent (it builds each once and keeps it). */
  sentSandboxes: Set<string>;
}

/**
 * A small pool of worker threads running sql.js, so that no query ever runs on the thread that
 * answers requests. Each job has the time limit; a worker past it is terminated (SQLite cannot be
 * interrupted from outside) and a fresh one takes its place, so a runaway query costs one worker
 * for 2 s and never the service.
 */
@Injectable()
export class SqlRunner implements OnModuleDestroy {
  private readonly logger = new Logger(SqlRunner.name);
  private readonly slots: Slot[];
  private readonly waiting: Pending[] = [];
  /** Slots whose slow job left the pool (see SLOW_JOB_MS): their worker goes when the job ends. */
  private readonly detached = new Set<Slot>();
  private nextId = 1;
  private closed = false;
  private readonly wasm = compileEngine();

  constructor(@Inject(CONTENT_CONFIG) config: Pick<ContentConfig, 'sqlWorkers'>) {
    this.slots = Array.from({ length: config.sqlWorkers }, () => this.newSlot());
  }

  run(job: SqlJob, timeLimitMs = SQL_TIME_LIMIT_MS): Promise<SqlJobReply | typeof TIMED_OUT> {
    if (this.closed) return Promise.reject(new Error('The SQL runner is closed.'));
    if (this.waiting.length >= MAX_WAITING) return Promise.reject(serviceUnavailable('Too many queries are waiting to run. Try again shortly.'));
    return new Promise((resolve, reject) => {
      this.waiting.push({ id: this.nextId++, job, timeLimitMs, resolve, reject });
      this.dispatch();
    });
  }

  async onModuleDestroy(): Promise<void> {
    this.closed = true;
    for (const pending of this.waiting.splice(0)) pending.reject(new Error('The SQL runner is closed.'));
    await Promise.all([...this.slots, ...this.detached].map((slot) => this.stop(slot)));
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      if (slot.current || this.waiting.length === 0) continue;
      const pending = this.waiting.shift() as Pending;
      slot.current = pending;
      slot.timer = setTimeout(() => this.timedOut(slot), pending.timeLimitMs);
      slot.slowTimer = setTimeout(() => this.renice(slot), SLOW_JOB_MS);
      slot.worker.postMessage({ id: pending.id, job: withoutKnownSource(slot, pending.job) } satisfies SqlJobMessage);
    }
  }

  private newSlot(): Slot {
    const worker = new Worker(workerFile(), { workerData: { wasm: this.wasm }, resourceLimits: { maxOldGenerationSizeMb: 256 } });
    const slot: Slot = { worker, tid: null, current: null, timer: null, slowTimer: null, reniced: false, sentSandboxes: new Set() };
    slot.worker.on('message', (message: SqlReplyMessage | SqlWorkerHello) => {
      if ('tid' in message) slot.tid = message.tid;
      else if (slot.current?.id === message.id) {
        const reply = message.reply;
        if ('missingSandbox' in reply) {
          // It dropped the sandbox from its cache: the same job again, script included.
          slot.worker.postMessage({ id: message.id, job: slot.current.job } satisfies SqlJobMessage);
          return;
        }
        if (this.detached.has(slot) || (slot.reniced && !restorePriority(slot))) this.replace(slot)?.resolve(reply);
        else this.finish(slot).resolve(reply);
      }
    });
    slot.worker.on('error', (error) => {
      this.logger.error(`A SQL worker failed: ${error.message}`);
      this.replace(slot)?.reject(new Error(`The query could not be run: ${error.message}`));
    });
    slot.worker.on('exit', (code) => {
      if (this.closed || !(this.slots.includes(slot) || this.detached.has(slot))) return;
      this.logger.error(`A SQL worker exited (code ${code}).`);
      this.replace(slot)?.reject(new Error('The query could not be run: its worker stopped.'));
    });
    return slot;
  }

  private renice(slot: Slot): void {
    slot.slowTimer = null;
    if (!slot.current) return;
    if (slot.tid !== null) {
      try {
        setPriority(slot.tid, SLOW_JOB_NICE);
        slot.reniced = true;
      } catch {
        // Not permitted here: the query keeps its priority until the time limit.
      }
    }
    slot.slowTimer = setTimeout(() => this.detach(slot), DETACH_JOB_MS - SLOW_JOB_MS);
  }

  /** The slot's slow job leaves the pool and a fresh worker takes its place (bounded: at most as many as the pool). */
  private detach(slot: Slot): void {
    slot.slowTimer = null;
    const index = this.slots.indexOf(slot);
    if (!slot.current || index === -1 || this.closed || this.detached.size >= this.slots.length) return;
    this.detached.add(slot);
    this.slots[index] = this.newSlot();
    setImmediate(() => this.dispatch());
  }

  private timedOut(slot: Slot): void {
    this.replace(slot)?.resolve(TIMED_OUT);
  }

  /** The slot's job is done: it is free for the next one. */
  private finish(slot: Slot): Pending {
    const pending = slot.current as Pending;
    clearTimers(slot);
    slot.current = null;
    setImmediate(() => this.dispatch());
    return pending;
  }

  /**
   * Stops the slot's worker and puts a fresh one in its place (a detached slot's place is taken
   * already); answers the job it was running.
   */
  private replace(slot: Slot): Pending | null {
    if (this.detached.delete(slot)) {
      const pending = slot.current;
      clearTimers(slot);
      slot.current = null;
      void slot.worker.terminate();
      return pending;
    }
    const index = this.slots.indexOf(slot);
    if (index === -1) return null;
    const pending = slot.current;
    clearTimers(slot);
    if (!this.closed) this.slots[index] = this.newSlot();
    else this.slots.splice(index, 1);
    void slot.worker.terminate();
    if (!this.closed) setImmediate(() => this.dispatch());
    return pending;
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

/** Back to normal priority after a slow job; false when not permitted. */
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
  if (slot.slowTimer) clearTimeout(slot.slowTimer);
  slot.timer = null;
  slot.slowTimer = null;
}

/** The built worker script; under the test runner (TypeScript sources) the one `tsc -b` put in dist/. */
function workerFile(): URL {
  const here = import.meta.url;
  if (here.endsWith('.ts')) return new URL(here.replace('/src/sql-runner/sql-runner.ts', '/dist/sql-runner/sql-worker.js'));
  return new URL('./sql-worker.js', here);
}
