// The part of autocannon's programmatic API this package uses (autocannon ships no types).
declare module 'autocannon' {
  export interface Options {
    url: string;
    method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
    headers?: Record<string, string>;
    body?: string;
    connections?: number;
    duration?: number;
    timeout?: number;
  }

  export interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    p50: number;
    p90: number;
    p99: number;
  }

  export interface Result {
    errors: number;
    timeouts: number;
    non2xx: number;
    requests: Histogram & { total: number };
    latency: Histogram;
  }

  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
