import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AUTH_HEADER, type Course, type ImportReport, TOTAL_COUNT_HEADER } from '@dblearn/contracts';
import { BENCH_COURSES, BENCH_QUESTIONS, benchContent } from './content-data.js';
import { apiUrl, type BenchOptions } from './options.js';
import { platformDataDir } from './platform.js';

/** Where `npm start` keeps the generated admin account (libs/infra ADMIN_FILE). */
const ADMIN_FILE = 'admin.json';

export class ContentBenchError extends Error {}

interface Credentials {
  email: string;
  password: string;
}

/** ADMIN_EMAIL/ADMIN_PASSWORD, or the account `npm start` generated under DATA_DIR (default .data). */
async function adminCredentials(env: NodeJS.ProcessEnv): Promise<Credentials> {
  if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) return { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD };
  const file = join(platformDataDir(env), ADMIN_FILE);
  try {
    const { email, password } = JSON.parse(await readFile(file, 'utf8')) as Partial<Credentials>;
    if (email && password) return { email, password };
  } catch {
    // Reported below.
  }
  throw new ContentBenchError(`Loading content needs an admin: set ADMIN_EMAIL and ADMIN_PASSWORD, or DATA_DIR to the folder npm start uses (${file} was not readable).`);
}

/** Signs in as the admin (see adminCredentials) at the gateway and returns the token. */
export async function signIn(options: BenchOptions, env: NodeJS.ProcessEnv): Promise<string> {
  const { email, password } = await adminCredentials(env);
  let response: Response;
  // A password check is deliberately slow; on a busy machine it can miss the gateway's bound (503) once or twice.
  for (let attempt = 1; ; attempt += 1) {
    response = await fetch(apiUrl(options.baseUrl, '/auth'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
      signal: AbortSignal.timeout(10_000),
    });
    if (response.status !== 503 || attempt === 3) break;
  }
  if (response.status !== 200) throw new ContentBenchError(`POST /api/auth as ${email} answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
  return response.text();
}

async function total(options: BenchOptions, token: string, list: '/course' | '/interview'): Promise<number> {
  const response = await fetch(apiUrl(options.baseUrl, `${list}?pageSize=1`), { headers: { [AUTH_HEADER]: token } });
  if (response.status !== 200) throw new ContentBenchError(`GET /api${list} answered ${response.status}.`);
  return Number(response.headers.get(TOTAL_COUNT_HEADER));
}

/** Imports in parts: each POST stays far below the 20 MB limit and the gateway's slices keep it moving. */
const IMPORT_BATCH = { courses: 100, interviewQuestions: 500 } as const;

/**
 * Makes sure at least 1,000 courses and 10,000 interview questions exist, through POST
 * /api/content/import as an admin. The bench items have fixed ids, so loading again only updates them.
 */
export async function loadBenchContent(options: BenchOptions, env: NodeJS.ProcessEnv, say: (line: string) => void): Promise<void> {
  const admin = await signIn(options, env);
  const content = benchContent();
  const wanted = { courses: BENCH_COURSES, interviewQuestions: BENCH_QUESTIONS } as const;
  for (const part of ['courses', 'interviewQuestions'] as const) {
    const list = part === 'courses' ? '/course' : '/interview';
    const present = await total(options, admin, list);
    if (present >= wanted[part]) {
      say(`${part}: ${present} present, nothing to load`);
      continue;
    }
    for (let start = 0; start < content[part].length; start += IMPORT_BATCH[part]) {
      const items = content[part].slice(start, start + IMPORT_BATCH[part]);
      const started = Date.now();
      const response = await fetch(apiUrl(options.baseUrl, '/content/import'), {
        method: 'POST',
        headers: { 'content-type': 'application/json', [AUTH_HEADER]: admin },
        body: JSON.stringify({ [part]: items }),
      });
      if (response.status !== 200) {
        // A slow database can outlast the gateway's bound; measure what is there and say so.
        say(`import of ${part} ${start + 1}–${start + items.length} answered ${response.status}; measuring with ${await total(options, admin, list)} ${part} loaded`);
        break;
      }
      const report = (await response.json()) as ImportReport;
      if (report.rejected.length > 0) throw new ContentBenchError(`The import refused ${report.rejected.length} item(s), e.g. ${JSON.stringify(report.rejected[0])}`);
      say(`imported ${part} ${start + 1}–${start + items.length} (${report.created} new) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
  }
}

/** The content calls issues 7 and 8 set targets for; `token` is any signed-in user's. */
export async function contentCalls(options: BenchOptions, token: string): Promise<Array<{ call: string; path: string; headers: Record<string, string> }>> {
  const headers = { [AUTH_HEADER]: token };
  const first = await fetch(apiUrl(options.baseUrl, '/course?page=1&pageSize=1'), { headers });
  const [course] = (await first.json()) as Course[];
  if (!course) throw new ContentBenchError('GET /api/course answered no course to read by id.');
  return [
    { call: 'GET /api/course?page=1&pageSize=6', path: '/course?page=1&pageSize=6', headers },
    { call: 'GET /api/course?topic=sql&page=7&pageSize=6', path: '/course?topic=sql&page=7&pageSize=6', headers },
    { call: 'GET /api/course/{id}', path: `/course/${course._id}`, headers },
    { call: 'GET /api/interview?topic=sql&page=1&pageSize=6', path: '/interview?topic=sql&page=1&pageSize=6', headers },
    { call: 'GET /api/interview?topic=sql&page=300&pageSize=6', path: '/interview?topic=sql&page=300&pageSize=6', headers },
  ];
}
