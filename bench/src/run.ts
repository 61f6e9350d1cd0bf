import { randomBytes } from 'node:crypto';
import autocannon, { type Result } from 'autocannon';
import { AUTH_HEADER, SKILLS } from '@dblearn/contracts';
import { apiUrl, BenchUsageError, parseBenchOptions, type BenchOptions } from './options.js';
import { edgeShareLines, formatTable, rowLabel, targetVerdict, type BenchRow } from './table.js';

// `npm run bench`: load-tests the running platform's hot calls and prints a table of the results.

class BenchError extends Error {}

function say(message: string): void {
  process.stdout.write(`[bench] ${message}\n`);
}

const START_HINT = 'Start the platform first with `npm start` (in another terminal), or set BENCH_URL to where it runs.';

/** GET /api/health answers at all (503 is fine: the calls we measure may still work). */
async function checkReachable(base: URL): Promise<void> {
  const url = apiUrl(base, '/health');
  let status: number;
  try {
    status = (await fetch(url, { signal: AbortSignal.timeout(5000) })).status;
  } catch {
    throw new BenchError(`Nothing answers at ${url}. ${START_HINT}`);
  }
  if (status !== 200) say(`note: ${url} answered ${status}, so some service is down; measuring anyway`);
}

/** Registers a throwaway learner and returns the token the gateway hands back. */
async function registerThrowawayUser(options: BenchOptions): Promise<string> {
  const email = `bench-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}@dblearn.test`;
  const url = apiUrl(options.baseUrl, '/users');
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: randomBytes(12).toString('base64url'), skill: SKILLS[0] }),
      signal: AbortSignal.timeout(10_000),
    });
  } catch {
    throw new BenchError(`POST ${url} got no answer. ${START_HINT}`);
  }
  const token = response.headers.get(AUTH_HEADER);
  if (response.status !== 201 || !token) {
    throw new BenchError(`POST ${url} answered ${response.status} without a token: ${(await response.text()).slice(0, 300)}`);
  }
  say(`registered ${email}`);
  return token;
}

interface Target {
  call: string;
  base: URL;
  path: string;
  headers?: Record<string, string>;
}

function toRow(call: string, result: Result): BenchRow {
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
const WARMUP_SECONDS = 2;

async function measure(options: BenchOptions, target: Target): Promise<BenchRow> {
  say(`${target.call}: ${WARMUP_SECONDS} s warm-up, then ${options.durationSeconds} s, ${options.connections} connections`);
  const load = (duration: number) =>
    autocannon({
      url: apiUrl(target.base, target.path),
      headers: target.headers ?? {},
      connections: options.connections,
      duration,
      timeout: 10,
    });
  await load(WARMUP_SECONDS);
  return toRow(target.call, await load(options.durationSeconds));
}

async function main(): Promise<number> {
  const options = parseBenchOptions(process.argv.slice(2), process.env);
  say(`gateway ${options.baseUrl.origin}, edge ${options.edgeUrl.origin}`);
  await checkReachable(options.baseUrl);
  await checkReachable(options.edgeUrl);
  const token = await registerThrowawayUser(options);
  const calls = [
    { call: 'GET /api/users/me', path: '/users/me', headers: { [AUTH_HEADER]: token } },
    { call: 'GET /api/health', path: '/health' },
  ];
  // Each call straight to the gateway, then through the edge, one after the other.
  const targets: Target[] = calls.flatMap(({ call, ...rest }) => [
    { ...rest, call: rowLabel(call, 'gateway', options.baseUrl), base: options.baseUrl },
    { ...rest, call: rowLabel(call, 'edge', options.edgeUrl), base: options.edgeUrl },
  ]);
  const rows: BenchRow[] = [];
  for (const target of targets) rows.push(await measure(options, target));

  process.stdout.write(`\n${formatTable(rows)}\n\n`);
  for (const line of [targetVerdict(rows), ...edgeShareLines(rows)]) if (line) process.stdout.write(`${line}\n`);
  const dead = rows.filter((row) => row.total === 0 || row.errors >= row.total);
  if (dead.length) throw new BenchError(`No answer during the run for ${dead.map((row) => row.call).join(', ')}. ${START_HINT}`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof BenchUsageError || error instanceof BenchError) {
      process.stderr.write(`[bench] error: ${error.message}\n`);
      process.exit(error instanceof BenchUsageError ? 2 : 1);
    }
    process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
    process.exit(1);
  },
);
