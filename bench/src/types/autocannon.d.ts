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
    /** A sequence of requests; `setupRequest` may change each before it is sent (e.g. its headers). */
    requests?: Array<{ setupRequest?: (request: RequestParams) => RequestParams }>;
  }

  export interface RequestParams {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
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
