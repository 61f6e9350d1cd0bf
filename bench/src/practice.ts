import { loadavg } from 'node:os';
import { AUTH_HEADER, CHECK_DIFFICULTIES, SERVICES, TOTAL_COUNT_HEADER, type PracticeExercise } from '@dblearn/contracts';
import mongoose from 'mongoose';
import { signIn } from './content.js';
import { measureInTurns, type LoadTarget } from './load.js';
import { apiUrl, isLoopback, type BenchOptions } from './options.js';
import { platformDataDir, platformMongoUrl } from './platform.js';
import { registerThrowawayUser, type Say } from './session.js';
import { rowLabel, type BenchRow } from './table.js';

// `npm run bench -- --practice` (issue 34): GET /api/practice through the edge with 250 exercises and
// 10,000 learners' progress, the bench's own learners taking turns so each request reads its caller's status.

export const PRACTICE_TARGET = { minRequestsPerSecond: 1000, maxP99Ms: 50, exercises: 250, learners: 10_000 } as const;
/** Learners whose tokens take turns on the measured calls (each also has progress). */
const BENCH_LEARNERS = 20;
const CHECKS_PER_PROJECT = 10;
const INSERT_BATCH = 500;

export class PracticeBenchError extends Error {}

const QUERIES = ['pageSize=20', 'difficulty=medium&sort=-acceptance&pageSize=20', 'status=new&kind=quiz&pageSize=20', 'q=number%20bench&page=3&pageSize=20'] as const;

async function practiceTotal(options: BenchOptions, token: string): Promise<number> {
  const response = await fetch(apiUrl(options.baseUrl, '/practice?pageSize=1'), { headers: { [AUTH_HEADER]: token }, signal: AbortSignal.timeout(10_000) });
  if (response.status !== 200) throw new PracticeBenchError(`GET /api/practice answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
  return Number(response.headers.get(TOTAL_COUNT_HEADER));
}

async function send<T>(options: BenchOptions, token: string, method: string, path: string, body: unknown): Promise<T> {
  const response = await fetch(apiUrl(options.baseUrl, path), { method, headers: { [AUTH_HEADER]: token, 'content-type': 'application/json' }, body: JSON.stringify(body), signal: AbortSignal.timeout(30_000) });
  if (!response.ok) throw new PracticeBenchError(`${method} /api${path} answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
  return (await response.json()) as T;
}

/** Tops the exercises up to 250 with quiz checks (no sandbox needed) in a bench course, as the admin. */
async function ensureExercises(options: BenchOptions, env: NodeJS.ProcessEnv, say: Say): Promise<void> {
  const admin = await signIn(options, env);
  let missing = PRACTICE_TARGET.exercises - (await practiceTotal(options, admin));
  if (missing <= 0) return;
  say(`adding ${missing} quiz exercises in a bench course`);
  const course = await send<{ _id: string }>(options, admin, 'POST', '/course', { topic: 'sql', name: 'Bench practice', teacher: 'The bench', length: '1 hour' });
  for (let project = 0; missing > 0; project += 1) {
    const created = await send<{ _id: string }>(options, admin, 'POST', '/project', { title: `Bench practice ${project + 1}`, difficulty: 'beginner', courseId: course._id });
    for (let check = 0; check < CHECKS_PER_PROJECT && missing > 0; check += 1, missing -= 1) {
      const difficulty = CHECK_DIFFICULTIES[check % CHECK_DIFFICULTIES.length];
      await send(options, admin, 'PUT', `/project/check/${created._id}`, { kind: 'quiz', task: `Bench exercise ${project + 1}.${check + 1}: type the number ${check}.`, quiz: { type: 'number', answer: check, tolerance: 0 }, difficulty });
    }
  }
}

/** A learner's bits (TRIED 1, PASSED 2, SHOWN 4) on about a third of the exercises. */
function progressOf(checkIds: readonly string[], seed: number): Record<string, number> {
  const checks: Record<string, number> = {};
  for (const [index, checkId] of checkIds.entries()) {
    const roll = (index * 7919 + seed * 104_729) % 9;
    if (roll < 3) checks[checkId] = [1, 3, 7][roll]!;
  }
  return checks;
}

/** 10,000 learners' practice status documents (and the bench learners'), straight into svc-content's database. */
async function seedProgress(mongoUrl: URL, checkIds: readonly string[], benchUserIds: readonly string[], say: Say): Promise<void> {
  if (!mongoUrl.hostname.startsWith('%2F') && !isLoopback(mongoUrl.hostname)) throw new PracticeBenchError(`The database must be on this machine, not ${mongoUrl.hostname}.`);
  const db = await mongoose.createConnection(mongoUrl.toString(), { dbName: SERVICES.content.database }).asPromise();
  try {
    const learners = db.collection<{ _id: string; checks: Record<string, number> }>('practice_learners');
    const present = await learners.estimatedDocumentCount();
    const started = Date.now();
    for (let from = present; from < PRACTICE_TARGET.learners; from += INSERT_BATCH) {
      const batch = Array.from({ length: Math.min(INSERT_BATCH, PRACTICE_TARGET.learners - from) }, (_, offset) => ({ _id: new mongoose.Types.ObjectId().toHexString(), checks: progressOf(checkIds, from + offset) }));
      await learners.insertMany(batch, { ordered: false });
    }
    for (const [index, userId] of benchUserIds.entries()) await learners.updateOne({ _id: userId }, { $set: { checks: progressOf(checkIds, index) } }, { upsert: true });
    say(`learners' progress: ${Math.max(present, PRACTICE_TARGET.learners)} documents (${present} there before) and ${benchUserIds.length} bench learners, in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await db.close();
  }
}

export async function measurePractice(options: BenchOptions, env: NodeJS.ProcessEnv, say: Say): Promise<{ rows: BenchRow[]; verdicts: string[]; failed: boolean }> {
  await ensureExercises(options, env, say);
  const tokens: string[] = [];
  const userIds: string[] = [];
  for (let i = 0; i < BENCH_LEARNERS; i += 1) {
    const token = await registerThrowawayUser(options.baseUrl, () => undefined);
    tokens.push(token);
    userIds.push((await (await fetch(apiUrl(options.baseUrl, '/users/me'), { headers: { [AUTH_HEADER]: token } })).json() as { _id: string })._id);
  }
  const all: PracticeExercise[] = [];
  for (let page = 1; all.length < (await practiceTotal(options, tokens[0]!)); page += 1) {
    const response = await fetch(apiUrl(options.baseUrl, `/practice?pageSize=100&page=${page}`), { headers: { [AUTH_HEADER]: tokens[0]! } });
    const items = (await response.json()) as PracticeExercise[];
    if (items.length === 0) break;
    all.push(...items);
  }
  await seedProgress(platformMongoUrl(platformDataDir(env), env), all.map((exercise) => exercise.checkId), userIds, say);

  let turn = 0;
  // Each request as the next bench learner: their status is read (by _id, kept 2 s) as in real use.
  const taking = (path: string): LoadTarget => ({
    url: apiUrl(options.edgeUrl, path),
    requests: [{ setupRequest: (request) => ({ ...request, headers: { ...request.headers, [AUTH_HEADER]: tokens[(turn += 1) % tokens.length]! } }) }],
  });
  const label = (call: string) => rowLabel(call, 'edge', options.edgeUrl);
  const loadBefore = loadavg()[0]!;
  say(`${all.length} exercises, ${BENCH_LEARNERS} learners taking turns; through the edge, ${options.connections} connections: 2 s warm-up each, then two turns of ${Math.round(options.durationSeconds / 2)} s over all calls`);
  const rows = (await measureInTurns(options, [
    { call: label('GET /api/users/me (reference)'), target: { url: apiUrl(options.edgeUrl, '/users/me'), headers: { [AUTH_HEADER]: tokens[0]! } } },
    { call: label('GET /api/course?pageSize=20 (reference: a read-model list)'), target: { url: apiUrl(options.edgeUrl, '/course?pageSize=20'), headers: { [AUTH_HEADER]: tokens[0]! } } },
    ...QUERIES.map((query) => ({ call: label(`GET /api/practice?${query}`), target: taking(`/practice?${query}`) })),
  ])) as BenchRow[];
  const loadAfter = loadavg()[0]!;
  const [reference, courses, ...lists] = rows as [BenchRow, BenchRow, ...BenchRow[]];
  const verdicts = [
    ...lists.map((row) => {
      const met = row.requestsPerSecond >= PRACTICE_TARGET.minRequestsPerSecond && row.p99Ms < PRACTICE_TARGET.maxP99Ms && row.errors === 0 && row.non2xx === 0;
      return `${row.call}: ${row.requestsPerSecond.toFixed(0)} req/s (/users/me ${reference.requestsPerSecond.toFixed(0)}, /course ${courses.requestsPerSecond.toFixed(0)}), p99 ${row.p99Ms} ms — target ≥ ${PRACTICE_TARGET.minRequestsPerSecond} req/s with p99 < ${PRACTICE_TARGET.maxP99Ms} ms: ${met ? 'met' : 'NOT met'}`;
    }),
    `load average (1 min) ${loadBefore.toFixed(1)} before the calls, ${loadAfter.toFixed(1)} after (2 cores)`,
  ];
  return { rows, verdicts, failed: rows.some((row) => row.total === 0) };
}
