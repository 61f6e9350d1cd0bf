import autocannon, { type Options, type Result } from 'autocannon';
import type { BenchOptions } from './options.js';
import { mergeRows, type BenchRow } from './table.js';

/** One call to load: where, and what to send. */
export interface LoadTarget {
  url: string;
  method?: Options['method'];
  headers?: Record<string, string>;
  body?: string;
  /** autocannon's request sequence, e.g. a `setupRequest` that takes turns over several users' tokens. */
  requests?: Options['requests'];
}

/** `duration` seconds of `options.connections` connections on one call. */
export function load(options: BenchOptions, target: LoadTarget, duration: number): Promise<Result> {
  return autocannon({ ...target, headers: target.headers ?? {}, connections: options.connections, duration, timeout: 10 });
}

export function toRow(call: string, result: Result): BenchRow {
  return {
    call,
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    total: result.requests.total,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/** Seconds of load before each measurement, not counted: a running platform has warm JIT and caches. */
export const WARMUP_SECONDS = 2;

/** A warm-up, then `options.durationSeconds` of load, as one row. */
export async function measureCall(options: BenchOptions, call: string, target: LoadTarget): Promise<BenchRow> {
  await load(options, target, WARMUP_SECONDS);
  return toRow(call, await load(options, target, options.durationSeconds));
}

/**
 * Several calls measured in turns: a warm-up of each, then `rounds` passes over all of them, each
 * call `options.durationSeconds / rounds` seconds a pass, merged per call. A drift in the machine's
 * load then weighs on every call alike, so the rows can be compared with each other.
 */
export async function measureInTurns(options: BenchOptions, calls: ReadonlyArray<{ call: string; target: LoadTarget }>, rounds = 2): Promise<BenchRow[]> {
  const slice = Math.max(1, Math.round(options.durationSeconds / rounds));
  for (const { target } of calls) await load(options, target, WARMUP_SECONDS);
  const parts = calls.map(() => [] as BenchRow[]);
  for (let round = 0; round < rounds; round += 1) {
    for (const [index, { call, target }] of calls.entries()) parts[index]!.push(toRow(call, await load(options, target, slice)));
  }
  return calls.map(({ call }, index) => mergeRows(call, parts[index]!));
}
