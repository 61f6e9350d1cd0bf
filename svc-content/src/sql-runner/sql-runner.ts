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
import { type SqlHiddenPhaseMessage, type SqlJob, type SqlJobMessage, type SqlJobReply, type SqlReplyMessage, type SqlWorkerHello, TIMED_OUT } from './sql-jobs.js';
import { workerFile } from './worker-file.js';

export { TIMED_OUT } from './sql-jobs.js';

/** Jobs waiting for a worker beyond this are refused (503) rather than queued without end. */
const MAX_WAITING = 500;
/** One asker's jobs waiting beyond this are refused (503): a queue of one learner's never fills the runner's. */
const MAX_WAITING_PER_ASKER = 32;

/**
 * Who asked for a job: a learner (their jobs are served in turn with every other learner's), or an
 * admin saving a sandbox or a check (their own lane: a worker of its own, and first pick of the
 * pool). Jobs that name no one share one learner's turn.
 */
export type SqlAsker = { userId: string } | { admin: true };
const NOBODY: SqlAsker = { userId: '' };
const ADMIN_LANE = 'admin';

function laneOf(asker: SqlAsker): string {
  return 'admin' in asker ? ADMIN_LANE : `user:${asker.userId}`;
}

/**
 * A job is heavy once its thread has spent this much CPU on it (an ordinary attempt costs about
 * 1 ms). Counted in CPU, not wall time: on a busy box an ordinary attempt can wait 100 ms for a
 * core, and taking such jobs for heavy ones moved work that did not need it.
 */
const HEAVY_JOB_CPU_MS = 15;
/**
 * What a job that carries a sandbox's script may spend first on building it (its datasets, the
 * hidden variant, the expected results: 20–150 ms of CPU on a fresh worker, JIT included) before it
 * counts as heavy. Counted in CPU too: timed on the wall clock, a cold first attempt on a busy box
 * was taken for a runaway and starved at the heavy-query process's lowest priority.
 */
const SANDBOX_BUILD_CPU_MS = 400;
/** A running job's thread is first sampled after this long, then at this interval. */
const WATCH_MS = 25;
/** How often a hidden run's CPU time is compared with its budget. */
const HIDDEN_WATCH_MS = 25;
/** Where a thread's CPU time cannot be read (not Linux): a job still running after this long is heavy. */
const HEAVY_JOB_WALL_MS = 500;
/** A worker that could not start is tried again after this long. */
const RESTART_DELAY_MS = 1_000;
/** A heavy job that cannot move (the heavy-query process is full or down) drops to this nice value in place. */
const HEAVY_JOB_NICE = 19;

interface Pending {
  id: number;
  job: SqlJob;
  /** Whose turn it takes (laneOf). */
  lane: string;
  timeLimitMs: number;
  /** When its time limit ends (set when a worker first takes it; a job put back keeps it). */
  deadline: number;
  /** A job put back: answers it "timed out" where it waits, once its time limit ends. */
  expiry?: NodeJS.Timeout;
  /** Set once its attempt matched on the practice data: what a time-out or a lost worker answers from then on (sql-jobs SqlHiddenPhaseMessage). */
  hiddenVerdict?: SqlJobReply;
  resolve(reply: SqlJobReply | typeof TIMED_OUT): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  tid: number | null;
  /** Its hello arrived (with its thread id, or null where CPU time cannot be read). */
  greeted: boolean;
  current: Pending | null;
  timer: NodeJS.Timeout | null;
  watch: NodeJS.Timeout | null;
  /** Samples a hidden run's CPU time against its budget (enterHidden). */
  hiddenWatch: NodeJS.Timeout | null;
  reniced: boolean;
  /** Its job turned out heavy and could not move to the heavy-query process: it may be put back for another asker's job. */
  stuck: boolean;
  /** The admin lane's own worker: it takes only admins' jobs. */
  adminOnly: boolean;
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
 *
 * Fair queueing (issue 17 finding 4): waiting jobs are kept per asker and served round-robin, so a
 * learner's queue of runaways delays another learner's attempt by one job at most, never by the
 * whole queue. A heavy job that could not move (the heavy-query process is full) and holds a worker
 * while another asker waits is put back at the end of its asker's queue (its time limit still
 * running) and its worker replaced, so runaways never hold the pool against someone else. Admins'
 * saves have a lane of their own: the first pick of any free worker, and a worker only they use;
 * they are never moved, lowered or put back, nor refused because learners' queues are full.
 */
@Injectable()
export class SqlRunner implements OnModuleDestroy {
  private readonly logger = new Logger(SqlRunner.name);
  private readonly slots: Slot[];
  /** Waiting jobs per lane; a Map keeps the lanes in the order they are served next (round-robin). */
  private readonly waiting = new Map<string, Pending[]>();
  private waitingCount = 0;
  private readonly heavy: HeavyQueries;
  /** A started worker waiting to take the place of a slot whose worker is terminated. */
  private spare: Slot | null;
  private nextId = 1;
  private moved = 0;
  private tainted = 0;
  private closed = false;
  private readonly wasm = compileEngine();

  /** A bound on each worker's memory outside its JS heap other than sql-engine's WORKER_EXTERNAL_BYTES (tests). */
  private readonly externalBytes: number | undefined;

  constructor(@Inject(CONTENT_CONFIG) config: Pick<ContentConfig, 'sqlWorkers'> & { workerExternalBytes?: number }) {
    this.externalBytes = config.workerExternalBytes;
    this.slots = [this.newSlot(true), ...Array.from({ length: config.sqlWorkers }, () => this.newSlot())];
    this.spare = this.newSlot();
    this.heavy = new HeavyQueries(config.sqlWorkers);
  }

  run(job: SqlJob, asker: SqlAsker = NOBODY, timeLimitMs = SQL_TIME_LIMIT_MS): Promise<SqlJobReply | typeof TIMED_OUT> {
    if (this.closed) return Promise.reject(new Error('The SQL runner is closed.'));
    const lane = laneOf(asker);
    // Learners' queues filling the runner never refuse an admin's save (their own lane still has its cap).
    if ((this.waitingCount >= MAX_WAITING && lane !== ADMIN_LANE) || (this.waiting.get(lane)?.length ?? 0) >= MAX_WAITING_PER_ASKER) {
      return Promise.reject(serviceUnavailable('Too many queries are waiting to run. Try again shortly.'));
    }
    return new Promise<SqlJobReply | typeof TIMED_OUT>((resolve, reject) => {
      this.enqueue({ id: this.nextId++, job, lane, timeLimitMs, deadline: 0, resolve, reject });
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

  /** How many workers were replaced because a job left them otherwise than they were set up (for tests). */
  get taintedWorkers(): number {
    return this.tainted;
  }

  async onModuleDestroy(): Promise<void> {
    this.closed = true;
    for (const queue of this.waiting.values()) {
      for (const pending of queue) {
        clearTimeout(pending.expiry);
        pending.reject(new Error('The SQL runner is closed.'));
      }
    }
    this.waiting.clear();
    this.waitingCount = 0;
    const spare = this.spare ? [this.spare] : [];
    this.spare = null;
    await Promise.all([...[...this.slots, ...spare].map((slot) => this.stop(slot)), this.heavy.close()]);
  }

  private enqueue(pending: Pending): void {
    const queue = this.waiting.get(pending.lane);
    if (queue) queue.push(pending);
    else this.waiting.set(pending.lane, [pending]);
    this.waitingCount += 1;
  }

  /**
   * The lane served next: the admins' when they wait, else the learner whose turn it is, passing
   * over learners who have a job running already while someone who has none waits.
   */
  private nextLane(adminOnly: boolean): string | undefined {
    if (this.waiting.has(ADMIN_LANE)) return ADMIN_LANE;
    if (adminOnly) return undefined;
    let first: string | undefined;
    for (const lane of this.waiting.keys()) {
      if (!this.slots.some((slot) => slot.current?.lane === lane)) return lane;
      first ??= lane;
    }
    return first;
  }

  /** The next job of `lane`; the lane goes to the back of the round (or leaves it when it has no more). */
  private take(lane: string): Pending {
    const queue = this.waiting.get(lane) as Pending[];
    const pending = queue.shift() as Pending;
    this.waiting.delete(lane);
    if (queue.length > 0) this.waiting.set(lane, queue);
    this.waitingCount -= 1;
    clearTimeout(pending.expiry);
    return pending;
  }

  /** A job put back waits no longer than its time limit: then it is answered where it waits. */
  private putBack(pending: Pending): void {
    this.enqueue(pending);
    pending.expiry = setTimeout(() => {
      const queue = this.waiting.get(pending.lane);
      const index = queue?.indexOf(pending) ?? -1;
      if (!queue || index === -1) return;
      queue.splice(index, 1);
      if (queue.length === 0) this.waiting.delete(pending.lane);
      this.waitingCount -= 1;
      pending.resolve(timedOut(pending));
    }, Math.max(0, pending.deadline - Date.now()));
  }

  private dispatch(): void {
    if (this.closed) return;
    this.makeRoom();
    for (const slot of this.slots) {
      if (slot.current) continue;
      const lane = this.nextLane(slot.adminOnly);
      if (lane === undefined) continue;
      const pending = this.take(lane);
      pending.deadline ||= Date.now() + pending.timeLimitMs;
      const timeLeft = pending.deadline - Date.now();
      // A job put back whose time ran out while it waited.
      if (timeLeft <= 0) {
        pending.resolve(timedOut(pending));
        setImmediate(() => this.dispatch());
        continue;
      }
      slot.current = pending;
      slot.timer = setTimeout(() => this.timeOut(slot), timeLeft);
      const job = withoutKnownSource(slot, pending.job);
      // An admin's save is never taken for a runaway: it keeps its worker and its priority (see watch).
      if (pending.lane !== ADMIN_LANE) this.watch(slot, pending, job.source === undefined ? HEAVY_JOB_CPU_MS : HEAVY_JOB_CPU_MS + SANDBOX_BUILD_CPU_MS);
      slot.worker.postMessage({ id: pending.id, job } satisfies SqlJobMessage);
    }
  }

  /**
   * When every worker is busy and someone waits, a stuck heavy job of another asker than the one
   * served next gives its worker up: it goes back to the end of its asker's queue, time limit
   * running, and the spare takes the slot.
   */
  private makeRoom(): void {
    if (this.waitingCount === 0 || this.slots.some((slot) => !slot.current && !slot.adminOnly)) return;
    const next = this.nextLane(false);
    const stuck = this.slots.find((slot) => slot.stuck && !slot.adminOnly && slot.current && slot.current.lane !== next);
    if (!stuck) return;
    const pending = this.replace(stuck);
    if (pending) this.putBack(pending);
  }

  private newSlot(adminOnly = false): Slot {
    const worker = new Worker(workerFile(import.meta.url), { workerData: { wasm: this.wasm, externalBytes: this.externalBytes }, resourceLimits: { maxOldGenerationSizeMb: 256 } });
    const slot: Slot = { worker, tid: null, greeted: false, current: null, timer: null, watch: null, hiddenWatch: null, reniced: false, stuck: false, adminOnly, sentSandboxes: new Set() };
    slot.worker.on('message', (message: SqlReplyMessage | SqlWorkerHello | SqlHiddenPhaseMessage) => {
      if ('tid' in message) {
        slot.tid = message.tid;
        slot.greeted = true;
      }
      else if ('hidden' in message) {
        if (slot.current?.id === message.id) this.enterHidden(slot, slot.current, message.hidden);
      } else if (slot.current?.id === message.id) {
        const reply = message.reply;
        if ('missingSandbox' in reply) {
          // It dropped the sandbox from its cache: the same job again, script included.
          slot.worker.postMessage({ id: message.id, job: slot.current.job } satisfies SqlJobMessage);
          return;
        }
        // A worker left otherwise than it was set up (or stuck at a low priority) does not take another job.
        if (message.tainted) this.tainted += 1;
        if (message.tainted || (slot.reniced && !restorePriority(slot))) this.replace(slot)?.resolve(reply);
        else this.finish(slot).resolve(reply);
      }
    });
    slot.worker.on('error', (error) => {
      this.logger.error(`A SQL worker failed: ${error.message}`);
      settleLost(this.lost(slot), new Error(`The query could not be run: ${error.message}`));
    });
    slot.worker.on('exit', (code) => {
      if (this.closed || !(this.slots.includes(slot) || this.spare === slot)) return;
      this.logger.error(`A SQL worker exited (code ${code}).`);
      settleLost(this.lost(slot), new Error('The query could not be run: its worker stopped.'));
    });
    return slot;
  }

  /**
   * Samples the job's thread while it runs and moves it once it has spent `heavyCpuMs` of CPU (a job
   * that carries a sandbox's script is allowed SANDBOX_BUILD_CPU_MS more to build it). Admins' jobs
   * are not watched (issue 30): moved to the heavy-query process or lowered to nice 19, a 150 ms save waited behind learners' runaways there
   * until its time limit; at normal priority those runaways (lowered, or SCHED_IDLE) give way to it.
   */
  private watch(slot: Slot, pending: Pending, heavyCpuMs: number): void {
    const started = Date.now();
    let firstCpuMs: number | null = null;
    const sample = () => {
      slot.watch = null;
      if (slot.current !== pending) return;
      // A fresh worker's first job starts before its hello (and thread id) arrives: not judged until then.
      if (!slot.greeted) {
        slot.watch = setTimeout(sample, WATCH_MS);
        return;
      }
      const cpuMs = threadCpuMs(slot.tid);
      const heavy = cpuMs === null ? Date.now() - started >= HEAVY_JOB_WALL_MS : firstCpuMs !== null && cpuMs - firstCpuMs >= heavyCpuMs;
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
      this.heavy.run(pending.job, pending.deadline - Date.now(), pending.hiddenVerdict).then(pending.resolve, pending.reject);
      return;
    }
    slot.stuck = true;
    // Someone may be waiting for this worker already.
    if (this.waitingCount > 0) setImmediate(() => this.dispatch());
    if (slot.tid === null) return;
    try {
      setPriority(slot.tid, HEAVY_JOB_NICE);
      slot.reniced = true;
    } catch {
      // Not permitted here: the query keeps its priority until the time limit.
    }
  }

  /**
   * The attempt matched on the practice data and its hidden run starts: from now on a time-out or a
   * lost worker answers `verdict`, and the run ends at its budget (or the time limit, if sooner).
   */
  private enterHidden(slot: Slot, pending: Pending, { verdict, budgetMs, startCpuMs }: SqlHiddenPhaseMessage['hidden']): void {
    pending.hiddenVerdict = verdict;
    // The budget was measured in the worker thread's CPU time, so it is spent in CPU time too: on a
    // busy machine a correct answer's hidden run may take far longer in wall time, and must not be
    // cut short (and answered as a miss) for that. The time limit's timer stays the outer bound.
    const startedAtMs = startCpuMs ?? threadCpuMs(slot.tid);
    if (startedAtMs === null || slot.tid === null) {
      if (slot.timer) clearTimeout(slot.timer);
      slot.timer = setTimeout(() => this.timeOut(slot), Math.max(0, Math.min(budgetMs, pending.deadline - Date.now())));
      return;
    }
    const sample = () => {
      slot.hiddenWatch = null;
      if (slot.current !== pending) return;
      const spentMs = (threadCpuMs(slot.tid) ?? Number.POSITIVE_INFINITY) - startedAtMs;
      if (spentMs >= budgetMs) this.timeOut(slot);
      else slot.hiddenWatch = setTimeout(sample, Math.max(HIDDEN_WATCH_MS, budgetMs - spentMs));
    };
    // A thread spends CPU no faster than the clock runs: the budget cannot be spent before budgetMs
    // of wall time (nearly every hidden run ends long before, and nothing is read for it).
    slot.hiddenWatch = setTimeout(sample, budgetMs);
  }


  /** The slot's job ran out of time: its worker is replaced and the job answered "timed out", or its hidden verdict. */
  private timeOut(slot: Slot): void {
    const pending = this.replace(slot);
    pending?.resolve(timedOut(pending));
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
    if (!this.closed) this.slots[index] = this.takeSpare(slot.adminOnly);
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
      this.slots.push(this.newSlot(slot.adminOnly));
      this.dispatch();
    }, RESTART_DELAY_MS);
    return pending;
  }

  /** The spare (started earlier, so usually ready) for a pool slot, and a new spare behind it. */
  private takeSpare(adminOnly: boolean): Slot {
    const taken = this.spare ?? this.newSlot();
    taken.adminOnly = adminOnly;
    this.spare = this.newSlot();
    return taken;
  }

  private async stop(slot: Slot): Promise<void> {
    clearTimers(slot);
    await slot.worker.terminate();
  }
}

/** What a job that ran out of time answers: "timed out", or past the practice data the same fail as any hidden mismatch. */
function timedOut(pending: Pending): SqlJobReply | typeof TIMED_OUT {
  return pending.hiddenVerdict ?? TIMED_OUT;
}

/** A job whose worker failed: rejected, or past the practice data answered like any hidden mismatch. */
function settleLost(pending: Pending | null, error: Error): void {
  if (pending?.hiddenVerdict) pending.resolve(pending.hiddenVerdict);
  else pending?.reject(error);
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
  if (slot.hiddenWatch) clearTimeout(slot.hiddenWatch);
  slot.timer = null;
  slot.watch = null;
  slot.hiddenWatch = null;
  slot.stuck = false;
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
