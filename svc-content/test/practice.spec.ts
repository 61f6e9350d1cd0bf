import { randomUUID } from 'node:crypto';
import { type AttemptResult, CONTENT_PATTERNS, type Course, EVENT_SUBJECTS, type ListPage, type PracticeExercise, type PracticeNext, type Project, ROUTES } from '@dblearn/contracts';
import { routeCall } from '@dblearn/testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { jetstream } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { Types } from 'mongoose';
import { backfillPractice } from '../src/practice/practice-backfill.js';
import { type ContentSuite, eventually, startContentSuite } from './support/content-service.js';

// Issue 34's practice list on the real FerretDB and NATS: check.attempted and solution-shown keep
// the learners' statuses and the per-check counts; project events keep the exercises.

let suite: ContentSuite;
let nc: NatsConnection;
let course: Course;
let project: Project;
let easy: string;
let hard: string;

const send = <T>(pattern: string, payload: unknown) => suite.content.send<T>(pattern, payload, 15_000);
const newId = () => new Types.ObjectId().toHexString();
const list = (userId: string, query: Record<string, unknown> = {}) => send<ListPage<PracticeExercise>>(CONTENT_PATTERNS.listPractice, { userId, ...query });
const listed = async (userId: string, checkId: string) => (await list(userId)).items.find((item) => item.checkId === checkId);
const attempt = (userId: string, checkId: string, answer: number) => send<AttemptResult>(CONTENT_PATTERNS.attempt, { id: project._id, body: { userId, checkId, answer } });
const counts = (checkId: string) => suite.db.collection('practice_counts').findOne({ _id: checkId as never });
/** An event as svc-content's outbox would publish it, with a message id of its own (a re-send the stream does not drop). */
const publish = (subject: string, event: Record<string, unknown>) => jetstream(nc).publish(subject, JSON.stringify(event), { msgID: randomUUID() });

beforeAll(async () => {
  suite = await startContentSuite('svc_content_practice');
  nc = await connect({ servers: suite.infra.natsUrl });
  course = await send<Course>(...routeCall(ROUTES.courses.create, { body: { topic: 'sql', name: 'Practice SQL', teacher: 'Edgar Codd', length: '2 hours' } }));
  project = await send<Project>(...routeCall(ROUTES.projects.create, { body: { title: 'Warm-up quizzes', difficulty: 'beginner', courseId: course._id } }));
  const quiz = { type: 'number', answer: 1, tolerance: 0 };
  await send<Project>(...routeCall(ROUTES.projects.addCheck, { params: { projectId: project._id }, body: { kind: 'quiz', task: 'How many rows does SELECT 1 return?', quiz } }));
  const withTwo = await send<Project>(...routeCall(ROUTES.projects.addCheck, { params: { projectId: project._id }, body: { kind: 'quiz', task: 'How many NULLs equal NULL?', quiz: { ...quiz, answer: 0 }, difficulty: 'hard' } }));
  [easy, hard] = (withTwo.checks ?? []).map((check) => check._id) as [string, string];
}, 90_000);

afterAll(async () => {
  await nc?.close();
  await suite?.close();
});

describe('the practice list', () => {
  it('lists every check of the course with its course, topic, kind, difficulty and engines, "new" for a learner who did nothing', async () => {
    const learner = newId();
    await eventually(async () => (await list(learner)).total === 2, 20_000, 'both checks are listed');
    const page = await list(learner);
    expect(page.items).toEqual([
      { checkId: easy, projectId: project._id, projectTitle: 'Warm-up quizzes', courseId: course._id, courseName: 'Practice SQL', topic: 'sql', kind: 'quiz', task: 'How many rows does SELECT 1 return?', difficulty: 'easy', engines: [], status: 'new', acceptance: null },
      expect.objectContaining({ checkId: hard, difficulty: 'hard', status: 'new' }),
    ]);
    expect((await list(learner, { difficulty: 'hard' })).items.map((item) => item.checkId)).toEqual([hard]);
    expect((await list(learner, { q: 'nulls' })).items.map((item) => item.checkId)).toEqual([hard]);
    expect((await list(learner, { topic: 'nosql' })).total).toBe(0);
    expect(await send<PracticeNext>(CONTENT_PATTERNS.nextPractice, { userId: learner, after: easy })).toEqual({ next: expect.objectContaining({ checkId: hard }) });
  });

  it('follows a learner’s attempts: attempted, solved, and solved with the solution shown', async () => {
    const learner = newId();
    await attempt(learner, easy, 5);
    await eventually(async () => (await listed(learner, easy))?.status === 'attempted', 20_000, 'the failure makes it attempted');
    await attempt(learner, easy, 1);
    await eventually(async () => (await listed(learner, easy))?.status === 'solved', 20_000, 'the pass makes it solved');
    for (let i = 0; i < 3; i += 1) await attempt(learner, hard, 7);
    await send(CONTENT_PATTERNS.checkSolution, { projectId: project._id, checkId: hard, userId: learner });
    await attempt(learner, hard, 0);
    await eventually(async () => (await listed(learner, hard))?.status === 'solved-with-solution', 20_000, 'a pass after the solution');
    expect((await list(learner, { status: 'solved' })).items.map((item) => item.checkId)).toEqual([easy]);
    expect(await send<PracticeNext>(CONTENT_PATTERNS.nextPractice, { userId: learner, after: easy })).toEqual({ next: null });
    expect(await send(CONTENT_PATTERNS.solvedPractice, { userId: learner })).toEqual({
      cells: [
        { topic: 'sql', difficulty: 'easy', solved: 1, total: 1 },
        { topic: 'sql', difficulty: 'hard', solved: 1, total: 1 },
      ],
    });
  });

  it('counts learners who tried and passed once each, shows the acceptance from 10 tried, and counts a replayed event once', async () => {
    const learners = Array.from({ length: 9 }, newId);
    for (const [i, learner] of learners.entries()) {
      await attempt(learner, easy, 9);
      if (i < 4) await attempt(learner, easy, 1);
    }
    // With the learner of the test before: 10 tried, 5 passed.
    await eventually(async () => (await listed(newId(), easy))?.acceptance === 0.5, 30_000, 'the acceptance is 50%');
    expect(await counts(easy)).toMatchObject({ tried: 10, passed: 5 });
    const [first] = learners as [string];
    const replayed = { eventId: randomUUID(), occurredAt: new Date().toISOString(), entityId: easy, userId: first, projectId: project._id, passed: true, failuresBefore: 1, answer: '1', failureKind: null };
    await publish(EVENT_SUBJECTS.checkAttempted, replayed);
    await publish(EVENT_SUBJECTS.checkAttempted, replayed);
    const stranger = { ...replayed, eventId: randomUUID(), userId: newId(), passed: false, failureKind: 'quiz' };
    await publish(EVENT_SUBJECTS.checkAttempted, stranger);
    await publish(EVENT_SUBJECTS.checkAttempted, stranger);
    await eventually(async () => (await counts(easy))?.tried === 11, 20_000, 'the new learner is counted');
    expect(await counts(easy)).toMatchObject({ tried: 11, passed: 5 });
    // The counts are written before the learner's own bits (so a retried event finds itself counted).
    await eventually(async () => (await listed(stranger.userId, easy))?.status === 'attempted', 20_000, 'the new learner has attempted it');
  });

  it('takes a learner’s progress from before these events from check_passes (backfill), and counts every check again', async () => {
    const learner = newId();
    await suite.db.collection('check_passes').insertOne({ _id: `${learner}:${project._id}` as never, passed: [hard], failures: { easy: 0, [easy]: 1 }, solutionShown: [] });
    expect((await listed(learner, hard))?.status).toBe('new');
    const before = await counts(hard);
    const said: string[] = [];
    await backfillPractice(suite.db, (line) => said.push(line));
    await backfillPractice(suite.db, () => undefined);
    await eventually(async () => (await listed(learner, hard))?.status === 'solved', 20_000, 'the backfilled pass shows');
    expect((await listed(learner, easy))?.status).toBe('attempted');
    expect(await counts(hard)).toMatchObject({ tried: (before?.tried ?? 0) + 1, passed: (before?.passed ?? 0) + 1 });
    expect(said[0]).toMatch(/^practice status of \d+ learners/);
  });

  it('drops a deleted check, then a deleted project’s, from the list', async () => {
    const learner = newId();
    await send<Project>(...routeCall(ROUTES.projects.deleteCheck, { params: { projectId: project._id }, body: { id: hard } }));
    await eventually(async () => (await list(learner)).total === 1, 20_000, 'the deleted check leaves the list');
    expect(await suite.content.refusal(CONTENT_PATTERNS.nextPractice, { userId: learner, after: hard })).toMatchObject({ statusCode: 404 });
    await send<Project>(...routeCall(ROUTES.projects.delete, { params: { id: project._id } }));
    await eventually(async () => (await list(learner)).total === 0, 20_000, 'the deleted project’s checks leave the list');
  });

  it('lists the exercises of a course an import creates, as the first start’s content sync does', async () => {
    const [learner, courseId, projectId, checkId, rollupId, sumId] = [newId(), newId(), newId(), newId(), newId(), newId()];
    const imported = {
      _id: courseId,
      topic: 'sql',
      name: 'Imported practice',
      teacher: 'Edgar Codd',
      length: '1 hour',
      sandbox: { kind: 'sql', source: 'CREATE TABLE t (x INTEGER);\nINSERT INTO t VALUES (1), (2), (3);' },
      tutorials: [],
      projects: [
        {
          _id: projectId,
          title: 'Imported quizzes',
          difficulty: 'beginner',
          contents: [],
          checks: [
            { _id: checkId, kind: 'quiz', task: 'How many rows does SELECT 2 return?', quiz: { type: 'number', answer: 1, tolerance: 0 }, hints: ['One SELECT without FROM gives one row.'], explanation: 'No FROM: one row.' },
            // Issue 32: graded on PostgreSQL only (SQLite has no ROLLUP: the import does not run it there).
            { _id: rollupId, kind: 'query', task: 'Each x with the grand total.', referenceSql: 'SELECT x, SUM(x) AS total FROM t GROUP BY ROLLUP (x)', engines: ['postgres'], hints: [], explanation: '' },
            { _id: sumId, kind: 'query', task: 'The sum of every x.', referenceSql: 'SELECT SUM(x) AS total FROM t', hints: [], explanation: '' },
          ],
        },
      ],
    };
    const report = await suite.content.send(CONTENT_PATTERNS.importSlice, { courseOffset: 0, interviewOffset: 0, courses: [imported] }, 60_000).catch((error: unknown) => error);
    expect(report).toMatchObject({ created: 1, rejected: [] });
    // A project new to the database is followed like an updated one (a first start saw an empty list).
    await eventually(async () => (await list(learner, { course: courseId })).total === 3, 20_000, 'the imported checks are listed');
    const engines = Object.fromEntries((await list(learner, { course: courseId })).items.map((item) => [item.checkId, item.engines]));
    expect(engines).toEqual({ [checkId]: [], [rollupId]: ['postgres'], [sumId]: ['sqlite', 'postgres'] });
  });
});
