import { constants as osConstants } from 'node:os';
import { formatDuration } from '../log.js';
import { backoffDelay, DEFAULT_BACKOFF, type BackoffPolicy } from '@dblearn/contracts';
import { describeExit, spawnProcess, type ChildProcessHandle, type ExitInfo, type ProcessSpec } from './child.js';
import { prefixLine } from './prefix.js';

/** How a crashed process is restarted: the shared backoff, starting over once a run lasted `stableAfterMs`. */
export interface RestartPolicy extends BackoffPolicy {
  /** A process that ran this long before crashing counts as healthy: the backoff starts over. */
  stableAfterMs: number;
}

export const DEFAULT_RESTART_POLICY: RestartPolicy = { ...DEFAULT_BACKOFF, stableAfterMs: 60_000 };

export interface SupervisorOptions {
  /** Where the children's prefixed output goes. */
  printLine: (line: string) => void;
  /** Where the supervisor reports starts, crashes, restarts and stops. */
  report: (message: string) => void;
  colour?: boolean;
  restart?: RestartPolicy;
  /** Called whenever the set of running pids changes (the launcher records them). */
  onPidsChanged?: (pids: ReadonlyArray<{ name: string; pid: number }>) => void;
}

interface Entry {
  readonly spec: ProcessSpec;
  readonly index: number;
  handle?: ChildProcessHandle;
  /** False until the first start succeeded: a failed first start is the caller's error, not a restart. */
  running: boolean;
  restarts: number;
  restartTimer?: NodeJS.Timeout;
  livenessTimer?: NodeJS.Timeout;
}

const NAME_WIDTH = 14;

/**
 * Runs the platform's processes: starts them in order and waits for each to be ready, restarts one
 * that dies with a growing backoff (and says so: nothing goes down silently), and stops them all in
 * reverse order so that nothing loses the process it writes to.
 */
export class Supervisor {
  private readonly entries: Entry[] = [];
  private stopping = false;

  constructor(private readonly options: SupervisorOptions) {}

  /** Starts one process and waits until it is ready; throws ProcessStartError if it is not. */
  async start(spec: ProcessSpec): Promise<void> {
    if (this.stopping) throw new Error(`Not starting ${spec.name}: shutting down.`);
    const entry: Entry = { spec, index: this.entries.length, running: false, restarts: 0 };
    this.entries.push(entry);
    const startedAt = Date.now();
    await this.launch(entry);
    entry.running = true;
    this.watchLiveness(entry);
    // Without a readiness check all we know is that it was spawned (a service proves itself later,
    // through the gateway's /api/health).
    this.options.report(spec.ready ? `${spec.name} is up (${formatDuration(Date.now() - startedAt)})` : `${spec.name} started`);
  }

  /** Names of the processes started so far, in start order. */
  get names(): string[] {
    return this.entries.map((entry) => entry.spec.name);
  }

  pids(): Array<{ name: string; pid: number }> {
    return this.entries.flatMap((entry) =>
      entry.handle?.pid !== undefined && !entry.handle.exitInfo ? [{ name: entry.spec.name, pid: entry.handle.pid }] : [],
    );
  }

  /** Stops everything in reverse start order, each with SIGTERM and a bounded wait. */
  async stopAll(): Promise<void> {
    this.stopping = true;
    for (const entry of this.entries) {
      clearTimeout(entry.restartTimer);
      clearTimeout(entry.livenessTimer);
    }
    for (const entry of [...this.entries].reverse()) {
      const handle = entry.handle;
      if (!handle || handle.exitInfo) continue;
      const startedAt = Date.now();
      const info = await handle.stop();
      this.options.report(`${entry.spec.name} stopped (${describeStop(info, entry.spec.stopSignal ?? 'SIGTERM')}, ${formatDuration(Date.now() - startedAt)})`);
    }
    this.pidsChanged();
  }

  /** Synchronous SIGKILL of whatever still runs: only for when the launcher is dying anyway. */
  killAllNow(): void {
    for (const entry of this.entries) entry.handle?.killNow();
  }

  private async launch(entry: Entry): Promise<void> {
    await entry.spec.beforeStart?.();
    const handle = spawnProcess(entry.spec, {
      detached: true,
      onLine: (line) => {
        if (entry.spec.isChatter?.(line)) return;
        this.options.printLine(prefixLine(entry.spec.name, entry.index, line, { width: NAME_WIDTH, colour: this.options.colour ?? false }));
      },
    });
    entry.handle = handle;
    void handle.exited.then((info) => this.onExit(entry, handle, info));
    this.pidsChanged();
    try {
      await handle.waitReady();
      // Again once ready: a command that execs the server (a shell setting a limit) has its final command line now.
      this.pidsChanged();
    } catch (error) {
      // Not ready in time but still running: stop it so the exit (and a restart, if due) follows.
      await handle.stop();
      throw error;
    }
    await entry.spec.afterReady?.();
  }

  private onExit(entry: Entry, handle: ChildProcessHandle, info: ExitInfo): void {
    this.pidsChanged();
    if (this.stopping || !entry.running || entry.handle !== handle) return;
    const policy = this.options.restart ?? DEFAULT_RESTART_POLICY;
    if (handle.uptimeMs >= policy.stableAfterMs) entry.restarts = 0;
    entry.restarts += 1;
    const wait = backoffDelay(entry.restarts, policy);
    const how = handle.stopRequested ? 'was stopped' : 'exited unexpectedly';
    this.options.report(
      `${entry.spec.name} ${how} (${describeExit(info)}) after ${formatDuration(handle.uptimeMs)}; restart ${entry.restarts} in ${formatDuration(wait)}`,
    );
    entry.restartTimer = setTimeout(() => void this.restart(entry), wait);
  }

  private async restart(entry: Entry): Promise<void> {
    if (this.stopping) return;
    try {
      await this.launch(entry);
      this.options.report(entry.spec.ready ? `${entry.spec.name} is back up` : `${entry.spec.name} restarted`);
    } catch (error) {
      // The exit of the failed attempt schedules the next one (see onExit).
      this.options.report(`restart of ${entry.spec.name} failed: ${(error as Error).message.split('\n')[0]}`);
    }
  }

  /**
   * Runs the spec's liveness check every `everyMs`, one at a time, for as long as the supervisor runs.
   * After `failures` false answers in a row the running process is killed: onExit restarts it.
   */
  private watchLiveness(entry: Entry): void {
    const liveness = entry.spec.liveness;
    if (!liveness) return;
    let failed = 0;
    const next = () => {
      if (this.stopping) return;
      entry.livenessTimer = setTimeout(() => void tick(), liveness.everyMs);
      entry.livenessTimer.unref();
    };
    const tick = async () => {
      const handle = entry.handle;
      const alive = await liveness.check().catch(() => false);
      failed = alive || !handle || handle.exitInfo ? 0 : failed + 1;
      if (failed >= liveness.failures && !this.stopping && entry.handle === handle) {
        failed = 0;
        this.options.report(`${entry.spec.name}: ${liveness.what} (${liveness.failures} checks ${formatDuration(liveness.everyMs)} apart); killing it to restart it`);
        handle!.killNow();
      }
      next();
    };
    next();
  }

  private pidsChanged(): void {
    this.options.onPidsChanged?.(this.pids());
  }
}

/** Exit 0, or death by the stop signal itself (128 + signal number when a shell reports it), is clean. */
function describeStop(info: ExitInfo, stopSignal: NodeJS.Signals): string {
  if (info.signal === 'SIGKILL') return 'killed after the stop timeout';
  const signalExitCode = 128 + (osConstants.signals[stopSignal] ?? 0);
  if (info.signal === stopSignal || info.code === 0 || info.code === signalExitCode) return 'clean';
  return describeExit(info);
}
