import { AUTH_HEADER, type Course, type PracticeExercise, type Project, type ReviewDeck, ROUTES, TOTAL_COUNT_HEADER } from '@dblearn/contracts';
import { routeCall } from '@dblearn/testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { checked, eventually, type TestGateway } from './support/gateway.js';
import { startUsersAndContent, type UsersAndContent } from './support/users-and-content.js';

/*
 * The practice list and the streak (issue 34) end to end: the gateway in process, the real svc-users
 * and svc-content as child processes, real FerretDB and NATS. A pass through the gateway changes the
 * exercise's status (svc-content's read model) and starts the streak (svc-users, from the same event).
 */

const ADMIN = { email: 'admin@practice.dblearn.test', password: 'practice-admin-password' };
let stand: UsersAndContent;
let gateway: TestGateway;
let project: Project;
let checkIds: string[];
let counter = 0;

const api = () => request(gateway.server);

async function learner(): Promise<string> {
  const response = await checked(api().post('/api/users').send({ email: `practice${(counter += 1)}.${Date.now()}@example.com`, password: 'secret-password', skill: 'beginner' }));
  expect(response.status).toBe(201);
  return String(response.headers[AUTH_HEADER]);
}

const practice = (token: string, query = '') => checked(api().get(`/api/practice${query}`).set(AUTH_HEADER, token));

beforeAll(async () => {
  stand = await startUsersAndContent('gateway_practice', ADMIN);
  ({ gateway } = stand);
  const course = await stand.content.send<Course>(...routeCall(ROUTES.courses.create, { body: { topic: 'beginner', name: 'Counting', teacher: 'Edgar Codd', length: '1 hour' } }));
  project = await stand.content.send<Project>(...routeCall(ROUTES.projects.create, { body: { title: 'Counting rows', difficulty: 'intermediate', courseId: course._id } }));
  for (const answer of [1, 2, 3]) {
    project = await stand.content.send<Project>(...routeCall(ROUTES.projects.addCheck, { params: { projectId: project._id }, body: { kind: 'quiz', task: `Type the number ${answer}.`, quiz: { type: 'number', answer, tolerance: 0 } } }));
  }
  checkIds = (project.checks ?? []).map((check) => check._id);
}, 120_000);

afterAll(() => stand?.close());

describe('GET /api/practice', () => {
  it('answers 401 without a token, 400 naming the allowed fields or values', async () => {
    expect((await checked(api().get('/api/practice'))).status).toBe(401);
    const token = await learner();
    const unknownField = await practice(token, '?level=easy');
    expect(unknownField.status).toBe(400);
    expect(unknownField.body.message).toEqual(['Unknown query field "level": the fields allowed are topic, course, kind, difficulty, status, sort, q, page, pageSize.']);
    const unknownValue = await practice(token, '?difficulty=insane&sort=name');
    expect(unknownValue.status).toBe(400);
    expect(unknownValue.body.message).toEqual(['difficulty must be one of: easy, medium, hard.', 'sort must be one of: difficulty, -difficulty, acceptance, -acceptance.']);
    expect((await practice(token, '?after=x')).status).toBe(400);
  });

  it('pages with X-Total-Count; a pass through the gateway changes the status, the next exercise and the streak', async () => {
    const token = await learner();
    await eventually(async () => (await practice(token, '?topic=beginner')).body.length === 3, 30_000, 'the exercises are listed');
    const page = await practice(token, '?topic=beginner&pageSize=2&page=2');
    expect(page.headers[TOTAL_COUNT_HEADER.toLowerCase()]).toBe('3');
    expect(page.body).toEqual([expect.objectContaining({ checkId: checkIds[2], difficulty: 'medium', kind: 'quiz', status: 'new', acceptance: null, courseName: 'Counting' })]);

    const attempt = await checked(api().post(`/api/project/${project._id}/attempts`).set(AUTH_HEADER, token).send({ checkId: checkIds[0], answer: 1 }));
    expect(attempt.body).toMatchObject({ passed: true });
    const statusOf = async () => ((await practice(token, '?topic=beginner')).body as PracticeExercise[]).find((item) => item.checkId === checkIds[0])?.status;
    await eventually(async () => (await statusOf()) === 'solved', 30_000, 'the exercise shows as solved');
    expect((await practice(token, '?topic=beginner&status=solved')).body).toHaveLength(1);
    const next = await checked(api().get(`/api/practice/next?after=${checkIds[0]}`).set(AUTH_HEADER, token));
    expect(next.body).toEqual({ next: expect.objectContaining({ checkId: checkIds[1], status: 'new' }) });
    const solved = await checked(api().get('/api/practice/solved').set(AUTH_HEADER, token));
    expect(solved.body.cells).toContainEqual({ topic: 'beginner', difficulty: 'medium', solved: 1, total: 3 });
    const streak = async () => ((await checked(api().get('/api/users/me/review').set(AUTH_HEADER, token))).body as ReviewDeck).streak;
    await eventually(async () => (await streak()) === 1, 30_000, 'the pass starts a streak');
  });

  it('lets an admin read the list too', async () => {
    const admin = (await checked(api().post('/api/auth').send(ADMIN))).text;
    const listed = await practice(admin, '?kind=quiz&q=number%202');
    expect(listed.status).toBe(200);
    expect((listed.body as PracticeExercise[]).map((item) => item.checkId)).toEqual([checkIds[1]]);
  });
});
