import { connect } from 'node:net';

/** How we know a process is ready: it accepts TCP connections or connections on a Unix socket, or an HTTP URL answers. */
export type Readiness =
  | { kind: 'tcp'; host: string; port: number }
  | { kind: 'unix'; path: string }
  | { kind: 'http'; url: string; /** the status that means ready; default: any 2xx */ status?: number };

export class ReadinessTimeoutError extends Error {
  constructor(what: string, timeoutMs: number, lastProblem: string | undefined) {
    super(`${what} was not ready after ${Math.round(timeoutMs / 1000)} s${lastProblem ? ` (last answer: ${lastProblem})` : ''}.`);
    this.name = 'ReadinessTimeoutError';
  }
}

export function describeReadiness(readiness: Readiness): string {
  if (readiness.kind === 'tcp') return `${readiness.host}:${readiness.port}`;
  return readiness.kind === 'unix' ? readiness.path : readiness.url;
}

/** One TCP connect attempt: resolves true if it was accepted. Closes at once, sending nothing. */
export function probeTcp(host: string, port: number, timeoutMs = 1000): Promise<boolean> {
  return probeConnect({ host, port }, timeoutMs);
}

/** One connect attempt on a Unix socket, like probeTcp. */
export function probeUnixSocket(path: string, timeoutMs = 1000): Promise<boolean> {
  return probeConnect({ path }, timeoutMs);
}

function probeConnect(target: { host: string; port: number } | { path: string }, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(target);
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

export interface HttpProbeResult {
  status: number;
  body: string;
}

/** One GET: the status and body, or undefined when nothing answered. */
export async function probeHttp(url: string, timeoutMs = 2000): Promise<HttpProbeResult | undefined> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: 'manual' });
    return { status: response.status, body: await response.text() };
  } catch {
    return undefined;
  }
}

function abortError(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new Error(String(signal.reason ?? 'aborted'));
}

function delay(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError(signal));
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError(signal!));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export interface WaitOptions {
  timeoutMs: number;
  /** Aborts the wait early, e.g. when the process we wait for has exited. */
  signal?: AbortSignal;
  /** Named in the timeout message. */
  what?: string;
}

/**
 * Polls until ready: quick at first (servers here start in tens of milliseconds), then backing off
 * to a quarter second so a slow start does not spin the CPU.
 */
export async function waitUntilReady(readiness: Readiness, options: WaitOptions): Promise<void> {
  const deadline = Date.now() + options.timeoutMs;
  let interval = 20;
  let lastProblem: string | undefined;
  for (;;) {
    if (options.signal?.aborted) throw abortError(options.signal);
    if (readiness.kind === 'tcp' || readiness.kind === 'unix') {
      if (await (readiness.kind === 'tcp' ? probeTcp(readiness.host, readiness.port) : probeUnixSocket(readiness.path))) return;
      lastProblem = 'connection refused';
    } else {
      const answer = await probeHttp(readiness.url);
      const ok = answer && (readiness.status === undefined ? answer.status >= 200 && answer.status < 300 : answer.status === readiness.status);
      if (ok) return;
      lastProblem = answer ? `HTTP ${answer.status}` : 'no answer';
    }
    if (Date.now() >= deadline) {
      throw new ReadinessTimeoutError(options.what ?? describeReadiness(readiness), options.timeoutMs, lastProblem);
    }
    await delay(Math.min(interval, Math.max(0, deadline - Date.now())), options.signal);
    interval = Math.min(interval * 2, 250);
  }
}
