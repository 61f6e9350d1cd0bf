import autocannon, { type Options, type Result } from 'autocannon';
import type { BenchOptions } from './options.js';
import type { BenchRow } from './table.js';

/** One call to load: where, and what to send. */
export interface LoadTarget {
  url: string;
  method?: Options['method'];
  headers?: Record<string, string>;
  body?: string;
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
