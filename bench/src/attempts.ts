import { AUTH_HEADER, type Course, type Project } from '@dblearn/contracts';
import { apiUrl, type BenchOptions } from './options.js';
import { load, toRow } from './load.js';
import type { BenchRow } from './table.js';

// Issue 11: POST /api/project/{id}/attempts must reach 200 requests/s with p99 under 200 ms, and one
// attempt stuck at the 2 s limit must not lower that by more than 20%.

export class AttemptsBenchError extends Error {}

/** A query for the SQL course's first check (it runs, pass or fail, like any learner's). */
const QUERY = 'SELECT name FROM student WHERE year >= 2 ORDER BY name';
/** A recursive CTE with no end: it runs until the server stops it at the time limit. */
const RUNAWAY = 'WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n) SELECT count(*) FROM n';

interface CheckTarget {
  projectId: string;
  checkId: string;
}

async function getJson<T>(options: BenchOptions, token: string, path: string): Promise<T> {
  const response = await fetch(apiUrl(options.baseUrl, path), { headers: { [AUTH_HEADER]: token }, signal: AbortSignal.timeout(10_000) });
  if (response.status !== 200) throw new AttemptsBenchError(`GET /api${path} answered ${response.status}: start the platform with the demo content (SEED_DEMO on, the default).`);
  return (await response.json()) as T;
}

/** The first demo SQL course's first project with a check. */
async function findCheck(options: BenchOptions, token: string): Promise<CheckTarget> {
  const courses = await getJson<Course[]>(options, token, '/course?topic=sql');
  for (const course of courses) {
    for (const entry of course.projects) {
      const project = await getJson<Project>(options, token, `/project/${entry._id}`);
      const check = project.checks?.[0];
      if (check) return { projectId: project._id, checkId: check._id };
    }
  }
  throw new AttemptsBenchError('No SQL project with a check: start the platform with the demo content (SEED_DEMO on, the default).');
}

function attempt(options: BenchOptions, token: string, target: CheckTarget, sql: string, duration: number) {
  return load(
    options,
    {
      url: apiUrl(options.baseUrl, `/project/${target.projectId}/attempts`),
      method: 'POST',
      headers: { [AUTH_HEADER]: token, 'content-type': 'application/json' },
      body: JSON.stringify({ checkId: target.checkId, sql }),
    },
    duration,
  );
}

/** One runaway attempt at a time, again and again, until `stop` says so; answers how many were stopped at the limit. */
async function keepOneStuck(options: BenchOptions, token: string, target: CheckTarget, stop: { done: boolean }): Promise<number> {
  let stopped = 0;
  while (!stop.done) {
    const response = await fetch(apiUrl(options.baseUrl, `/project/${target.projectId}/attempts`), {
      method: 'POST',
      headers: { [AUTH_HEADER]: token, 'content-type': 'application/json' },
      body: JSON.stringify({ checkId: target.checkId, sql: RUNAWAY }),
      signal: AbortSignal.timeout(15_000),
    });
    const body = (await response.json()) as { passed?: boolean; message?: string };
    if (response.status === 200 && body.passed === false && /longer than/.test(body.message ?? '')) stopped += 1;
  }
  return stopped;
}

/** The two measurements (alone, beside a runaway) and the verdict lines. */
export async function measureAttempts(options: BenchOptions, token: string, say: (message: string) => void): Promise<{ rows: BenchRow[]; verdicts: string[] }> {
  const target = await findCheck(options, token);
  say(`attempts on project ${target.projectId}, check ${target.checkId}: 2 s warm-up, then ${options.durationSeconds} s alone and ${options.durationSeconds} s beside a runaway, ${options.connections} connections`);
  await attempt(options, token, target, QUERY, 2);
  const alone = toRow('POST /api/project/{id}/attempts', await attempt(options, token, target, QUERY, options.durationSeconds));
  const stop = { done: false };
  const stuck = keepOneStuck(options, token, target, stop);
  // Let the first runaway reach its worker before measuring.
  await new Promise((resolve) => setTimeout(resolve, 300));
  const beside = toRow('POST /api/project/{id}/attempts, one stuck at 2 s', await attempt(options, token, target, QUERY, options.durationSeconds));
  stop.done = true;
  const stopped = await stuck;
  const ratio = beside.requestsPerSecond / Math.max(1, alone.requestsPerSecond);
  const verdicts = [
    `attempts alone: ${alone.requestsPerSecond.toFixed(0)} req/s, p99 ${alone.p99Ms} ms — target ≥ 200 req/s, p99 < 200 ms: ${alone.requestsPerSecond >= 200 && alone.p99Ms < 200 ? 'met' : 'NOT met'}`,
    `beside a runaway (${stopped} stopped at the limit): ${beside.requestsPerSecond.toFixed(0)} req/s, p99 ${beside.p99Ms} ms = ${(ratio * 100).toFixed(0)}% of alone — target ≥ 80%: ${ratio >= 0.8 ? 'met' : 'NOT met'}`,
  ];
  return { rows: [alone, beside], verdicts };
}
