import { Logger } from '@nestjs/common';
import { type ChildProcess, fork } from 'node:child_process';
import { type HeavyJobMessage, type HeavyReplyMessage, type SqlHiddenPhaseMessage, type SqlJob, type SqlJobReply, TIMED_OUT } from './sql-jobs.js';
import { workerFile } from './worker-file.js';

/** After the heavy-query process exits, it is started again no sooner than this. */
const RESTART_DELAY_MS = 1_000;

interface Waiting {
  resolve(reply: SqlJobReply | typeof TIMED_OUT): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
  /** Past the practice data (sql-jobs SqlHiddenPhaseMessage): what a time-out or the process's exit answers. */
  hiddenVerdict?: SqlJobReply;
}

/**
 * SqlRunner's way to the heavy-query process (see heavy-query-process.ts): a job moved there runs
 * on CPU the service's other work does not need. At most `capacity` jobs at once; when the process
 * is down (it is started again after a second), `accepts()` says no and a heavy job stays where it is.
 */
export class HeavyQueries {
  private readonly logger = new Logger(HeavyQueries.name);
  private child: ChildProcess | null = null;
  private readonly running = new Map<number, Waiting>();
  private nextId = 1;
  private closed = false;
  private restart: NodeJS.Timeout | null = null;

  constructor(private readonly capacity: number) {
    this.start();
  }

  accepts(): boolean {
    return !this.closed && this.child?.connected === true && this.running.size < this.capacity;
  }

  /**
   * Runs a job (its sandbox's script included) with what is left of its time limit. The limit is
   * kept here too: the process's own timer runs at its low priority and may fire late on a busy box.
   */
  run(job: SqlJob, timeLimitMs: number, hiddenVerdict?: SqlJobReply): Promise<SqlJobReply | typeof TIMED_OUT> {
    return new Promise((resolve, reject) => {
      const id = this.nextId++;
      const timer = setTimeout(() => this.timeOut(id), Math.max(0, timeLimitMs));
      this.running.set(id, { resolve, reject, timer, hiddenVerdict });
      this.child?.send({ id, job, timeLimitMs } satisfies HeavyJobMessage);
    });
  }

  /** Time is up: "timed out", or past the practice data its hidden verdict. */
  private timeOut(id: number): void {
    const waiting = this.settle(id);
    waiting?.resolve(waiting.hiddenVerdict ?? TIMED_OUT);
  }

  /**
   * The job's hidden run started: a time-out now answers its verdict. Its budget is the process's to
   * hold (in the worker thread's CPU time; this side's clock would count the low priority's waits).
   */
  private enterHidden(id: number, { verdict }: SqlHiddenPhaseMessage['hidden']): void {
    const waiting = this.running.get(id);
    if (waiting) waiting.hiddenVerdict = verdict;
  }

  /** The job's waiter, taken off the running list (undefined when it was settled already). */
  private settle(id: number): Waiting | undefined {
    const waiting = this.running.get(id);
    if (!waiting) return undefined;
    clearTimeout(waiting.timer);
    this.running.delete(id);
    return waiting;
  }

  /** The process's id (null while it is down). */
  get pid(): number | null {
    return this.child?.pid ?? null;
  }

  close(): Promise<void> {
    this.closed = true;
    if (this.restart) clearTimeout(this.restart);
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
  }

  private start(): void {
    // Detached: a session (and so an autogroup) of its own; it ends when this process's channel closes.
    const child = fork(workerFile(import.meta.url, 'heavy-query-process'), [], { detached: true, execArgv: [], stdio: ['ignore', 'inherit', 'inherit', 'ipc'], serialization: 'advanced' });
    this.child = child;
    child.on('message', (message: HeavyReplyMessage) => {
      if ('hidden' in message) this.enterHidden(message.id, message.hidden);
      else if ('timedOut' in message) this.timeOut(message.id);
      else this.settle(message.id)?.resolve(message.reply);
    });
    child.on('error', (error) => this.logger.error(`The heavy-query process failed: ${error.message}`));
    child.on('exit', (code, signal) => {
      this.child = null;
      for (const id of [...this.running.keys()]) {
        const waiting = this.settle(id);
        if (waiting?.hiddenVerdict) waiting.resolve(waiting.hiddenVerdict);
        else waiting?.reject(new Error('The query could not be run: its worker stopped.'));
      }
      if (this.closed) return;
      this.logger.error(`The heavy-query process exited (${signal ?? `code ${code}`}); starting it again.`);
      this.restart = setTimeout(() => this.start(), RESTART_DELAY_MS);
    });
  }
}
