import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

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

/**
 * Runs a command with its stdout and stderr kept together, in the order they came, instead of on the
 * terminal: suites that run side by side print each one's output as one block when it ends.
 */
export function runCollected(command: string, args: readonly string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const child = spawn(command, [...args], { cwd: options.cwd, env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.once('error', (error) => {
      chunks.push(Buffer.from(`could not run ${command}: ${error.message}\n`));
      resolve({ code: 127, output: Buffer.concat(chunks).toString('utf8') });
    });
    child.once('close', (code, signal) => resolve({ code: code ?? (signal ? 128 : 127), output: Buffer.concat(chunks).toString('utf8') }));
  });
}

/** npm as the running npm script was started with (same version), else `npm` from PATH. */
export function npmCommand(env: NodeJS.ProcessEnv = process.env): { command: string; prefixArgs: string[] } {
  const execPath = env.npm_execpath;
  if (execPath && /\.[cm]?js$/.test(execPath)) return { command: process.execPath, prefixArgs: [execPath] };
  return { command: 'npm', prefixArgs: [] };
}
