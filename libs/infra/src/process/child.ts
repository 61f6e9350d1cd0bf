import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { formatDuration } from '../log.js';
import { describeReadiness, waitUntilReady, type Readiness } from './readiness.js';

/** Everything needed to run one server or service. */
export interface ProcessSpec {
  /** Short name used to prefix its output and in every message about it. */
  name: string;
  command: string;
  args: readonly string[];
  cwd?: string;
  /** The complete environment of the child (not merged with ours). */
  env?: NodeJS.ProcessEnv;
  /** Run as this OS user and group (PostgreSQL refuses to run as root: the launcher under root passes its own user). */
  uid?: number;
  gid?: number;
  ready?: Readiness;
  readyTimeoutMs?: number;
  /** How long the stop signal gets before SIGKILL. Servers that flush data get longer. */
  stopTimeoutMs?: number;
  /** The signal that asks for a clean shutdown. Default SIGTERM. */
  stopSignal?: NodeJS.Signals;
  /** Lines not worth showing a person (still kept for the report if the process dies). */
  isChatter?: (line: string) => boolean;
  /** Run by the supervisor before every start and restart (e.g. removing a socket a killed server left). */
  beforeStart?: () => Promise<void>;
  /** Run by the supervisor once the process is ready, after every start and restart. */
  afterReady?: () => Promise<void>;
  /** Checked by the supervisor while the process runs: a process alive but answering nothing is killed, and restarted. */
  liveness?: Liveness;
}

export interface Liveness {
  /** False when the process no longer does its job. A check that throws counts as false. */
  check: () => Promise<boolean>;
  everyMs: number;
  /** Failed checks in a row that get the process killed (its restart follows, as after a crash). */
  failures: number;
  /** Why it is killed, for the report: e.g. "a service's database does not answer". */
  what: string;
}

export interface ExitInfo {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Set when the process could not be started at all (e.g. the binary is missing). */
  error?: Error;
}

export interface ChildOptions {
  /** Called for every line the child prints. Lines are kept for `recentOutput` either way. */
  onLine?: (line: string, stream: 'stdout' | 'stderr') => void;
  /**
   * Own process group: a Ctrl-C in the terminal then reaches only the launcher, which stops the
   * children itself, in order, instead of all of them dying at once.
   */
  detached?: boolean;
}

const DEFAULT_READY_TIMEOUT_MS = 60_000;
const DEFAULT_STOP_TIMEOUT_MS = 10_000;
const TAIL_LINES = 40;

export function describeExit(info: ExitInfo): string {
  if (info.error) return `could not start: ${info.error.message}`;
  if (info.signal) return `killed by ${info.signal}`;
  return `exit code ${info.code ?? 'unknown'}`;
}

export class ProcessStartError extends Error {
  constructor(
    readonly processName: string,
    reason: string,
    readonly recentOutput: readonly string[],
  ) {
    const tail = recentOutput.length ? `\nIts last output:\n  ${recentOutput.join('\n  ')}` : '';
    super(`${processName} did not start: ${reason}${tail}`);
    this.name = 'ProcessStartError';
  }
}

/** One running child process, with its exit as a promise and the tail of its output. */
export class ChildProcessHandle {
  readonly startedAt = Date.now();
  readonly exited: Promise<ExitInfo>;
  private readonly child: ChildProcess;
  private readonly tail: string[] = [];
  private exit: ExitInfo | undefined;
  private stopping: Promise<ExitInfo> | undefined;
  private readonly exitController = new AbortController();

  constructor(
    readonly spec: ProcessSpec,
    private readonly options: ChildOptions = {},
  ) {
    this.child = spawn(spec.command, [...spec.args], {
      cwd: spec.cwd,
      env: spec.env ?? process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: options.detached ?? false,
      ...(spec.uid === undefined ? {} : { uid: spec.uid }),
      ...(spec.gid === undefined ? {} : { gid: spec.gid }),
    });
    this.exited = new Promise<ExitInfo>((resolve) => {
      const finish = (info: ExitInfo) => {
        if (this.exit) return;
        this.exit = info;
        this.exitController.abort(new Error(`${spec.name} exited (${describeExit(info)})`));
        resolve(info);
      };
      this.child.once('error', (error) => finish({ code: null, signal: null, error }));
      // 'close' (not 'exit') so that every line of output has been read before we report the exit.
      this.child.once('close', (code, signal) => finish({ code, signal }));
    });
    this.readLines(this.child.stdout, 'stdout');
    this.readLines(this.child.stderr, 'stderr');
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  get exitInfo(): ExitInfo | undefined {
    return this.exit;
  }

  /** True once stop() was called: the exit that follows was asked for. */
  get stopRequested(): boolean {
    return this.stopping !== undefined;
  }

  get uptimeMs(): number {
    return Date.now() - this.startedAt;
  }

  recentOutput(): readonly string[] {
    return [...this.tail];
  }

  /** Resolves once the readiness check passes; rejects if the process exits or the time runs out. */
  async waitReady(): Promise<void> {
    const { ready, name } = this.spec;
    if (!ready) return;
    try {
      await waitUntilReady(ready, {
        timeoutMs: this.spec.readyTimeoutMs ?? DEFAULT_READY_TIMEOUT_MS,
        signal: this.exitController.signal,
        what: `${name} on ${describeReadiness(ready)}`,
      });
    } catch (error) {
      const reason = this.exit ? describeExit(this.exit) : (error as Error).message;
      throw new ProcessStartError(name, reason, this.recentOutput());
    }
  }

  /** The stop signal (SIGTERM), then SIGKILL if it is still there after the stop timeout. Safe to call twice. */
  stop(): Promise<ExitInfo> {
    this.stopping ??= this.terminate();
    return this.stopping;
  }

  /** Last resort when the launcher itself is exiting: synchronous, no waiting. */
  killNow(): void {
    if (!this.exit) this.signal('SIGKILL');
  }

  private async terminate(): Promise<ExitInfo> {
    if (this.exit) return this.exit;
    const stopSignal = this.spec.stopSignal ?? 'SIGTERM';
    this.signal(stopSignal);
    const timeoutMs = this.spec.stopTimeoutMs ?? DEFAULT_STOP_TIMEOUT_MS;
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), timeoutMs);
    });
    const outcome = await Promise.race([this.exited, timedOut]);
    clearTimeout(timer);
    if (outcome === 'timeout') {
      this.tail.push(`(no exit ${formatDuration(timeoutMs)} after ${stopSignal}: sent SIGKILL)`);
      this.signal('SIGKILL');
    }
    return this.exited;
  }

  private signal(signal: NodeJS.Signals): void {
    const pid = this.child.pid;
    if (pid === undefined) return;
    try {
      // A detached child leads its own process group: signal the group so helpers it spawned go too.
      if (this.options.detached) process.kill(-pid, signal);
      else this.child.kill(signal);
    } catch {
      // Already gone: nothing to signal.
    }
  }

  private readLines(stream: NodeJS.ReadableStream | null, name: 'stdout' | 'stderr'): void {
    if (!stream) return;
    const lines = createInterface({ input: stream, crlfDelay: Infinity });
    lines.on('line', (line) => {
      this.tail.push(line);
      if (this.tail.length > TAIL_LINES) this.tail.shift();
      this.options.onLine?.(line, name);
    });
  }
}

export function spawnProcess(spec: ProcessSpec, options: ChildOptions = {}): ChildProcessHandle {
  return new ChildProcessHandle(spec, options);
}

/** Spawns and waits until ready; on failure the process is stopped and the error names why. */
export async function startProcess(spec: ProcessSpec, options: ChildOptions = {}): Promise<ChildProcessHandle> {
  const handle = spawnProcess(spec, options);
  try {
    await handle.waitReady();
    return handle;
  } catch (error) {
    await handle.stop();
    throw error;
  }
}
