import { randomUUID } from 'node:crypto';
import { CHECK_NOT_FOUND_MESSAGE, type CheckAnalysis, type CheckFigures, CONTENT_PATTERNS, type Course, EVENT_SUBJECTS, type ListPage, type Project, ROUTES } from '@dblearn/contracts';
import type { CheckAttemptedEvent, CheckFailureKind, SolutionShownEvent } from '@dblearn/contracts/dto';
import { type NatsCaller, routeCall } from '@dblearn/testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { jetstream, type JetStreamClient } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { Types } from 'mongoose';
import { type ContentSuite, eventually, startContentSuite } from './support/content-service.js';

// Issue 34, "what each check teaches": svc-content's durable consumer counts the check events into
// one bounded document per check, on the real FerretDB and NATS; events published straight to
// JetStream as svc-content's attempts publish them (no msgID, so a replay really arrives twice).

const LIBRARY = `CREATE TABLE member (id INTEGER PRIMARY KEY, name TEXT NOT NULL, city TEXT);
INSERT INTO member VALUES (1, 'Ada', 'London'), (2, 'Edgar', 'Oxford'), (3, 'Grace', NULL);`;
const EVENT_WAIT_MS = 30_000;

let suite: ContentSuite;
let content: NatsCaller;
let nc: NatsConnection;
let js: JetStreamClient;
let course: Course;

const send = <T>(pattern: string, payload: unknown) => content.send<T>(pattern, payload, 10_000);
const learner = () => new Types.ObjectId().toHexString();
const analysis = (projectId: string, checkId: string) => send<CheckAnalysis>(...routeCall(ROUTES.checkAnalysis.find, { params: { projectId, checkId } }));
const list = (query: object = {}) => send<ListPage<CheckFigures>>(CONTENT_PATTERNS.listCheckAnalysis, query);

async function projectWithCheck(title: string, hints: string[] = []): Promise<{ projectId: string; checkId: string }> {
  const project = await send<Project>(...routeCall(ROUTES.projects.create, { body: { title, difficulty: 'beginner', courseId: course._id } }));
  const withCheck = await send<Project>(...routeCall(ROUTES.projects.addCheck, { params: { projectId: project._id }, body: { task: 'List the names of every member.', referenceSql: 'SELECT name FROM member', hints } }));
  return { projectId: project._id, checkId: withCheck.checks.at(-1)!._id };
}

type Attempt = Omit<CheckAttemptedEvent, 'eventId' | 'occurredAt' | 'failureKind'> & { failureKind?: CheckFailureKind | null };

async function attempted(attempt: Attempt, eventId: string = randomUUID()): Promise<string> {
  const event: CheckAttemptedEvent = { eventId, occurredAt: new Date().toISOString(), failureKind: attempt.passed ? null : 'other', ...attempt };
  await js.publish(EVENT_SUBJECTS.checkAttempted, JSON.stringify(event));
  return eventId;
}

async function solutionShown(projectId: string, checkId: string, userId: string): Promise<void> {
  const event: SolutionShownEvent = { eventId: randomUUID(), occurredAt: new Date().toISOString(), entityId: checkId, projectId, userId };
  await js.publish(EVENT_SUBJECTS.solutionShown, JSON.stringify(event));
}

beforeAll(async () => {
  suite = await startContentSuite('svc_content_check_analysis');
  ({ content } = suite);
  nc = await connect({ servers: suite.infra.natsUrl });
  js = jetstream(nc);
  course = await send<Course>(...routeCall(ROUTES.courses.create, { body: { topic: 'sql', name: 'Library SQL', teacher: 'Edgar Codd', length: '2 hours' } }));
  await send(...routeCall(ROUTES.courses.putSandbox, { params: { courseId: course._id }, body: { kind: 'sql', source: LIBRARY } }));
}, 90_000);

afterAll(async () => {
  await nc?.close();
  await suite?.close();
});

describe('check analysis kept by events', () => {
  it('counts learners, passes, attempts, hints, reveals, failure kinds and wrong answers; a replayed event once', async () => {
    const { projectId, checkId } = await projectWithCheck('Member names', ['Which table?', 'Only one column.']);
    const [ada, edgar, grace] = [learner(), learner(), learner()];
    const at = { entityId: checkId, projectId };
    await attempted({ ...at, userId: ada, passed: false, failuresBefore: 0, answer: 'select name from member;', failureKind: 'missing-rows' });
    await attempted({ ...at, userId: ada, passed: false, failuresBefore: 1, answer: 'select name from member', failureKind: 'missing-rows' });
    await attempted({ ...at, userId: ada, passed: true, failuresBefore: 2, answer: 'SELECT name FROM member' });
    await attempted({ ...at, userId: edgar, passed: false, failuresBefore: 0, answer: 'SELECT name\n  FROM member ;', failureKind: 'missing-rows' });
    await attempted({ ...at, userId: edgar, passed: false, failuresBefore: 1, answer: "SELECT name FROM member WHERE city = 'London'", failureKind: 'order' });
    await attempted({ ...at, userId: edgar, passed: false, failuresBefore: 2, answer: "select name from member where city = 'London'", failureKind: 'order' });
    await solutionShown(projectId, checkId, edgar);
    const gracePass = await attempted({ ...at, userId: grace, passed: true, failuresBefore: 0, answer: 'SELECT name FROM member' });
    // The same event again (a redelivery, a replay): counted once.
    await attempted({ ...at, userId: grace, passed: true, failuresBefore: 0, answer: 'SELECT name FROM member' }, gracePass);

    await eventually(async () => (await analysis(projectId, checkId)).passed === 2 && (await analysis(projectId, checkId)).solutionsRevealed === 1, EVENT_WAIT_MS, 'the events are counted');
    // Give a wrongly counted duplicate the time to land before asserting it did not.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const figures = await analysis(projectId, checkId);
    expect(figures).toMatchObject({
      checkId,
      projectId,
      projectTitle: 'Member names',
      courseId: course._id,
      courseName: 'Library SQL',
      kind: 'query',
      task: 'List the names of every member.',
      hintCount: 2,
      tried: 3,
      passed: 2,
      passRate: 2 / 3,
      attemptsToPass: [1, 0, 1, 0],
      medianAttempts: 1,
      hintsUnlocked: [2, 2],
      solutionsRevealed: 1,
      failures: [
        { kind: 'missing-rows', count: 3 },
        { kind: 'order', count: 2 },
      ],
    });
    expect(figures.wrongAnswers).toEqual([
      { answer: 'SELECT name FROM member', learners: 2, approximate: false },
      { answer: "SELECT name FROM member WHERE city = 'London'", learners: 1, approximate: false },
    ]);
    expect(figures.topWrongAnswer).toEqual(figures.wrongAnswers[0]);
  });

  it('lists every check with figures, sorted by any figure and paged, and answers zeros for a check nobody tried', async () => {
    const busy = await projectWithCheck('Busy check');
    const quiet = await projectWithCheck('Quiet check');
    const untried = await projectWithCheck('Untried check');
    for (let index = 0; index < 4; index += 1) await attempted({ entityId: busy.checkId, projectId: busy.projectId, userId: learner(), passed: index % 2 === 0, failuresBefore: 0, answer: 'SELECT 1' });
    await attempted({ entityId: quiet.checkId, projectId: quiet.projectId, userId: learner(), passed: true, failuresBefore: 0, answer: 'SELECT name FROM member' });
    await eventually(async () => {
      const { items } = await list({ pageSize: 100 });
      return items.some((item) => item.checkId === busy.checkId && item.tried === 4) && items.some((item) => item.checkId === quiet.checkId);
    }, EVENT_WAIT_MS, 'both checks are listed');

    const byTried = await list({ sort: 'tried', pageSize: 100 });
    const ids = byTried.items.map((item) => item.checkId);
    expect(ids.indexOf(busy.checkId)).toBeLessThan(ids.indexOf(quiet.checkId));
    expect(byTried.total).toBe(byTried.items.length);
    expect(ids).not.toContain(untried.checkId);
    const byPassRate = (await list({ sort: 'passRate', order: 'desc', pageSize: 100 })).items.map((item) => item.checkId);
    expect(byPassRate.indexOf(quiet.checkId)).toBeLessThan(byPassRate.indexOf(busy.checkId));
    const firstPage = await list({ sort: 'tried', order: 'asc', page: 1, pageSize: 1 });
    expect(firstPage.items).toHaveLength(1);
    expect(firstPage.total).toBe(byTried.total);

    expect(await analysis(untried.projectId, untried.checkId)).toMatchObject({ tried: 0, passRate: null, medianAttempts: null, wrongAnswers: [], topWrongAnswer: null });
    expect(await content.refusal(...routeCall(ROUTES.checkAnalysis.find, { params: { projectId: untried.projectId, checkId: busy.checkId } }))).toEqual({ statusCode: 404, message: CHECK_NOT_FOUND_MESSAGE });
    expect((await content.refusal(CONTENT_PATTERNS.listCheckAnalysis, { sort: 'hardest' })).statusCode).toBe(400);
  });

  it('drops the stats of a removed check and of a deleted project, and ignores a late event of a removed check', async () => {
    const removed = await projectWithCheck('Removed check');
    const deleted = await projectWithCheck('Deleted project');
    await attempted({ entityId: removed.checkId, projectId: removed.projectId, userId: learner(), passed: false, failuresBefore: 0, answer: 'SELECT 2' });
    await attempted({ entityId: deleted.checkId, projectId: deleted.projectId, userId: learner(), passed: false, failuresBefore: 0, answer: 'SELECT 3' });
    const listed = async (checkId: string) => (await list({ pageSize: 100 })).items.some((item) => item.checkId === checkId);
    await eventually(async () => (await listed(removed.checkId)) && (await listed(deleted.checkId)), EVENT_WAIT_MS, 'both are counted');

    await send(...routeCall(ROUTES.projects.deleteCheck, { params: { projectId: removed.projectId }, body: { id: removed.checkId } }));
    await send(...routeCall(ROUTES.projects.delete, { params: { id: deleted.projectId } }));
    await eventually(async () => !(await listed(removed.checkId)) && !(await listed(deleted.checkId)), EVENT_WAIT_MS, 'their stats are dropped');
    const stored = suite.db.collection('check_stats');
    expect(await stored.findOne({ _id: new Types.ObjectId(removed.checkId) })).toBeNull();
    expect(await stored.findOne({ _id: new Types.ObjectId(deleted.checkId) })).toBeNull();

    // An attempt event that arrives after its check is gone counts nothing.
    await attempted({ entityId: removed.checkId, projectId: removed.projectId, userId: learner(), passed: false, failuresBefore: 0, answer: 'SELECT 4' });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await stored.findOne({ _id: new Types.ObjectId(removed.checkId) })).toBeNull();
    expect((await content.refusal(...routeCall(ROUTES.checkAnalysis.find, { params: { projectId: removed.projectId, checkId: removed.checkId } }))).statusCode).toBe(404);
  });
});
