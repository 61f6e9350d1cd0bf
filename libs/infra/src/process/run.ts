import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { killTree } from './process-tree.js';

export interface RunOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** Kill the command (SIGKILL) if it has not finished by then. */
  timeoutMs?: number;
  /** Each output line as it comes (e.g. to show a long build's progress). */
  onLine?: (line: string) => void;
  /** Keep at most this many characters of each stream in the result. */
  maxCaptureChars?: number;
  /** Run as this OS user and group (see ProcessSpec). */
  uid?: number;
  gid?: number;
}

export interface RunResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** The command could not be started at all. */
  error?: Error;
}

/** Runs a command to completion and captures its output. Never rejects: look at the result. */
export function run(command: string, args: readonly string[], options: RunOptions = {}): Promise<RunResult> {
  const limit = options.maxCaptureChars ?? 1_000_000;
  return new Promise((resolve) => {
    const child = spawn(command, [...args], { cwd: options.cwd, env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'], uid: options.uid, gid: options.gid });
    const captured = { stdout: '', stderr: '' };
    let startError: Error | undefined;
    for (const name of ['stdout', 'stderr'] as const) {
      const stream = child[name];
      createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => {
        if (captured[name].length < limit) captured[name] += `${line}\n`;
        options.onLine?.(line);
      });
    }
    const timer = options.timeoutMs ? setTimeout(() => child.kill('SIGKILL'), options.timeoutMs) : undefined;
    child.once('error', (error) => {
      startError = error;
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout: captured.stdout, stderr: captured.stderr, ...(startError ? { error: startError } : {}) });
    });
  });
}

export function succeeded(result: RunResult): boolean {
  return !result.error && result.code === 0;
}

/** Runs a command with the terminal as its output (builds, test runners). Resolves to its exit code. */
export function runInherited(command: string, args: readonly string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, [...args], { cwd: options.cwd, env: options.env ?? process.env, stdio: 'inherit' });
    child.once('error', (error) => {
      process.stderr.write(`could not run ${command}: ${error.message}\n`);
      resolve(127);
    });
    child.once('close', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

/** npm as the running npm script was started with (same version), else `npm` from PATH. */
export function npmCommand(env: NodeJS.ProcessEnv = process.env): { command: string; prefixArgs: string[] } {
  const execPath = env.npm_execpath;
  if (execPath && /\.[cm]?js$/.test(execPath)) return { command: process.execPath, prefixArgs: [execPath] };
  return { command: 'npm', prefixArgs: [] };
}

export interface BoundedRunOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** 'collect': stdout and stderr kept together in `output`; 'inherit': straight to the terminal. */
  output: 'collect' | 'inherit';
  /** Past this, the command and everything it started are killed. */
  timeoutMs: number;
  /** Aborting kills the command and everything it started (Ctrl-C no longer reaches its own group). */
  signal?: AbortSignal;
}

export interface BoundedRunResult {
  code: number;
  output: string;
  /** Killed for outliving `timeoutMs`. */
  timedOut: boolean;
  /** Killed because `signal` aborted. */
  aborted: boolean;
  /** Processes it left running after it exited (killed then): a child something forgot to stop. */
  leftovers: number;
}

/** How long the output pipes may stay open after the command exits (something it started may hold them). */
const PIPES_GRACE_MS = 5_000;

/**
 * Runs a test suite with a bound on its time. It leads a process group of its own, so that whatever
 * it starts can be found and killed: at the deadline or on abort the whole tree (killTree), and when
 * it exits, anything it left behind. Resolves once it has exited, never later than a few seconds
 * after the deadline, whatever its children do.
 */
export function runWithDeadline(command: string, args: readonly string[], options: BoundedRunOptions): Promise<BoundedRunResult> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const child = spawn(command, [...args], {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: options.output === 'inherit' ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    child.stdout?.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => chunks.push(chunk));
    let timedOut = false;
    let aborted = false;
    let killing: Promise<number> | undefined;
    const killAll = () => {
      killing ??= child.pid === undefined ? Promise.resolve(0) : killTree(child.pid);
      return killing;
    };
    const timer = setTimeout(() => {
      timedOut = true;
      void killAll();
    }, options.timeoutMs);
    const onAbort = () => {
      aborted = true;
      void killAll();
    };
    options.signal?.addEventListener('abort', onAbort, { once: true });
    if (options.signal?.aborted) onAbort();
    const closed = new Promise<void>((done) => child.once('close', () => done()));
    let finished = false;
    const finish = async (code: number) => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      await killing;
      // Its group outlives it: what is still in it was started by it and never stopped.
      const leftovers = child.pid === undefined ? 0 : await killTree(child.pid);
      let graceTimer: NodeJS.Timeout | undefined;
      await Promise.race([closed, new Promise<void>((done) => (graceTimer = setTimeout(done, PIPES_GRACE_MS)))]);
      clearTimeout(graceTimer);
      child.stdout?.destroy();
      child.stderr?.destroy();
      resolve({ code, output: Buffer.concat(chunks).toString('utf8'), timedOut, aborted, leftovers });
    };
    child.once('error', (error) => {
      chunks.push(Buffer.from(`could not run ${command}: ${error.message}\n`));
      void finish(127);
    });
    child.once('exit', (code, signal) => void finish(code ?? (signal ? 128 : 127)));
  });
}
