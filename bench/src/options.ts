import { parseArgs } from 'node:util';

export interface BenchOptions {
  /** The gateway's own origin; requests go to `<base>/api/...`. */
  baseUrl: URL;
  /** The platform's one origin (:8080): every call is measured there too, to see what the edge costs. */
  edgeUrl: URL;
  durationSeconds: number;
  connections: number;
  /** --content: load 1,000 courses and 10,000 interview questions (issues 7, 8) and measure the content lists instead. */
  content: boolean;
  /** --attempts: measure POST /api/project/{id}/attempts on a demo checked project, alone and beside one runaway attempt (issue 11). */
  attempts: boolean;
  /** --engine: the engine --attempts grades on (issue 32): sqlite (the default) or postgres. */
  engine: 'sqlite' | 'postgres';
  /** --qna: make sure 100,000 questions are loaded, time svc-community's start with them, and measure the Q&A calls through the edge (issue 9). */
  qna: boolean;
  /** --browser: time the first Run and later runs of a ```sql and a ```mongo block on cold demo lesson pages in Chromium (issue 11). */
  browser: boolean;
  /** --peer: run the SQL4U peer (SQL4U_SRC) beside the platform and measure a learner's reads on both (issue 20). */
  peer: boolean;
  /** --search: with 100,000 Q&A threads and the shipped curriculum, measure GET /api/search through the edge (issue 22). */
  search: boolean;
  /** --memory: load 10,000 tutorials, read each once, and report svc-content's and the gateway's memory (issue 20). */
  memory: boolean;
  /** --live: 1,000 open live Q&A streams: a reply's arrival on each, and /users/me beside them (issue 22). */
  live: boolean;
  /** --practice: 250 exercises and 10,000 learners' progress, GET /api/practice through the edge (issue 34). */
  practice: boolean;
}

export const DEFAULT_BENCH_URL = 'http://127.0.0.1:3000';
export const DEFAULT_EDGE_URL = 'http://127.0.0.1:8080';
const DURATION = { default: 10, min: 1, max: 300 };
const CONNECTIONS = { default: 20, min: 1, max: 1000 };

export class BenchUsageError extends Error {}

const LOOPBACK_HOSTS = new Set(['localhost', '[::1]', '::1']);

/** A load test must never be pointed at someone else's server: loopback only. */
export function isLoopback(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname) || /^127(\.\d{1,3}){3}$/.test(hostname);
}

function boundedInteger(name: string, value: string | undefined, range: { default: number; min: number; max: number }): number {
  if (value === undefined || value.trim() === '') return range.default;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < range.min || parsed > range.max) {
    throw new BenchUsageError(`${name} must be a whole number from ${range.min} to ${range.max}, not "${value}".`);
  }
  return parsed;
}

export const BENCH_USAGE = `Usage: npm run bench [-- --url http://127.0.0.1:3000] [--edge http://127.0.0.1:8080] [--duration 10] [--connections 20] [--content] [--attempts [--engine sqlite|postgres]] [--qna] [--browser] [--peer] [--search] [--memory] [--live] [--practice]
  (or BENCH_URL, BENCH_EDGE_URL, BENCH_DURATION, BENCH_CONNECTIONS, BENCH_CONTENT=1, BENCH_ATTEMPTS=1, BENCH_QNA=1, BENCH_BROWSER=1, BENCH_PEER=1, BENCH_SEARCH=1, BENCH_MEMORY=1, BENCH_LIVE=1, BENCH_PRACTICE=1). --url is the gateway, --edge the platform's origin, both on this machine.
  --content loads 1,000 courses and 10,000 interview questions as the admin (ADMIN_EMAIL/ADMIN_PASSWORD, or DATA_DIR/admin.json) and measures the course and interview lists.
  --attempts measures POST /api/project/{id}/attempts on the demo curriculum's first checked project, then again while one runaway query keeps hitting the 2 s limit; --engine postgres grades them on PostgreSQL.
  (The bench is one learner: start the platform with POSTGRES_RUNS_PER_LEARNER=16 ATTEMPT_RATE_LIMIT=1000000 ATTEMPTS_IN_FLIGHT_LIMIT=1000 ATTEMPTS_IN_FLIGHT_PER_ADDRESS_LIMIT=1000; it stops when over 1 % is refused.)
  --qna seeds 100,000 questions when fewer are there (straight into the database npm start runs: DATA_DIR, or MONGO_URL), times svc-community's
  start with them (SIGKILL, the launcher restarts it) and measures the Q&A list and 200-reply question through the edge beside /users/me.
  --browser loads /catalog cold five times (largest contentful paint), then opens a cold demo lesson page with a runnable SQL block, then one with a mongo block, in Chromium (CHROMIUM_PATH, default /usr/bin/chromium)
  at the platform's origin (--edge) and times Run ready, the first Run's result and the median of 10 later runs.
  --peer runs the SQL4U peer (the git directory in SQL4U_SRC; installed once under SQL4U_CACHE, default $TMPDIR/dblearn-sql4u-peer) on
  .tools/bin/ferretdb with its public dump, imports the same content into the platform as the admin (as --content finds it), and
  measures a learner's five reads and GET /api/users/me on both, side by side, through --edge.
  --search makes sure 100,000 Q&A threads are loaded (as --qna does, timing svc-community's start with its search index) and measures
  GET /api/search through --edge for a common word, a long word, a prefix, a typo and a deep page of one kind, beside /users/me.
  --memory loads 10,000 tutorials (100 courses) as the admin, reads each once, and reports svc-content's and the gateway's resident memory
  before and after, after a garbage collection (through each process's inspector; the pids in DATA_DIR/launcher.json).
  --live opens 1,000 live Q&A streams on the gateway (start the platform with LIVE_CONNECTIONS_PER_USER=1000 LIVE_CONNECTIONS_PER_ADDRESS=1000: the bench is one user),
  times a reply's arrival on every stream, and measures /users/me with none and with all of them open.
  --practice tops the exercises up to 250 (quiz checks in a bench course, as the admin), writes 10,000 learners' practice progress straight into
  svc-content's database (DATA_DIR, or MONGO_URL), and measures GET /api/practice through --edge with 20 learners taking turns, beside /users/me.`;

function loopbackUrl(name: string, raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new BenchUsageError(`${name} "${raw}" is not a URL (e.g. ${DEFAULT_BENCH_URL}).`);
  }
  if (url.protocol !== 'http:') throw new BenchUsageError(`${name} must be http:// (got ${url.protocol}).`);
  if (!isLoopback(url.hostname)) {
    throw new BenchUsageError(`${name} must point at this machine (127.0.0.1, localhost or ::1), not ${url.hostname}: the benchmark never loads anyone else's server.`);
  }
  return new URL(url.origin);
}

/** Command-line flags win over BENCH_* variables, which win over the defaults. */
export function parseBenchOptions(argv: readonly string[], env: NodeJS.ProcessEnv): BenchOptions {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: { url: { type: 'string' }, edge: { type: 'string' }, duration: { type: 'string' }, connections: { type: 'string' }, content: { type: 'boolean' }, attempts: { type: 'boolean' }, engine: { type: 'string' }, qna: { type: 'boolean' }, browser: { type: 'boolean' }, peer: { type: 'boolean' }, search: { type: 'boolean' }, memory: { type: 'boolean' }, live: { type: 'boolean' }, practice: { type: 'boolean' } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new BenchUsageError(`${(error as Error).message}\n${BENCH_USAGE}`);
  }
  return {
    baseUrl: loopbackUrl('BENCH_URL', values.url ?? env.BENCH_URL ?? DEFAULT_BENCH_URL),
    edgeUrl: loopbackUrl('BENCH_EDGE_URL', values.edge ?? env.BENCH_EDGE_URL ?? DEFAULT_EDGE_URL),
    durationSeconds: boundedInteger('--duration / BENCH_DURATION', values.duration ?? env.BENCH_DURATION, DURATION),
    connections: boundedInteger('--connections / BENCH_CONNECTIONS', values.connections ?? env.BENCH_CONNECTIONS, CONNECTIONS),
    content: values.content ?? isOn(env.BENCH_CONTENT),
    attempts: values.attempts ?? isOn(env.BENCH_ATTEMPTS),
    engine: engineOf(values.engine ?? env.BENCH_ENGINE),
    qna: values.qna ?? isOn(env.BENCH_QNA),
    browser: values.browser ?? isOn(env.BENCH_BROWSER),
    peer: values.peer ?? isOn(env.BENCH_PEER),
    search: values.search ?? isOn(env.BENCH_SEARCH),
    memory: values.memory ?? isOn(env.BENCH_MEMORY),
    live: values.live ?? isOn(env.BENCH_LIVE),
    practice: values.practice ?? isOn(env.BENCH_PRACTICE),
  };
}

function engineOf(value: string | undefined): 'sqlite' | 'postgres' {
  const engine = value?.trim().toLowerCase() || 'sqlite';
  if (engine !== 'sqlite' && engine !== 'postgres') throw new BenchUsageError(`--engine / BENCH_ENGINE must be sqlite or postgres, not "${value}".`);
  return engine;
}

function isOn(value: string | undefined): boolean {
  return ['1', 'true', 'on', 'yes'].includes(value?.trim().toLowerCase() ?? '');
}

export function apiUrl(base: URL, path: string): string {
  return new URL(`/api${path}`, base).toString();
}
