import { AUTH_HEADER, QNA_MESSAGES, type QnaQuestion, ROUTES } from '@dblearn/contracts';
import { routeCall, ServiceProcess, uniqueDatabaseName } from '@dblearn/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { checked, eventually, type TestGateway } from './support/gateway.js';
import { startUsersAndContent, type UsersAndContent } from './support/users-and-content.js';

/*
 * Issue 22 item 3: a question names the course whose SQL sandbox its ```sql blocks run on. The
 * gateway checks the choice with the real svc-content before the real svc-community stores it.
 */

let stand: UsersAndContent;
let gateway: TestGateway;
let svcCommunity: ServiceProcess;
let token = '';
const courses = { sql: '', mongo: '', none: '' };
const unknownCourse = '6560f0c2a1b2c3d4e5f60718';
const ADMIN = { email: 'admin@practice.dblearn.test', password: 'practice-admin-password' };
const question = { topic: 'sql', title: 'Why is my LEFT JOIN empty?', description: 'Run this:\n\n```sql\nSELECT * FROM product;\n```' };

const api = () => request(gateway.server);
const post = (body: object) => checked(api().post('/api/qna').set(AUTH_HEADER, token).send(body));
const put = (id: string, body: object) => checked(api().put(`/api/qna/${id}`).set(AUTH_HEADER, token).send(body));

beforeAll(async () => {
  stand = await startUsersAndContent('gateway_practice', ADMIN);
  gateway = stand.gateway;
  svcCommunity = new ServiceProcess('svc-community', {
    MONGO_URL: stand.infra.mongoUrl,
    MONGO_DB: uniqueDatabaseName('gateway_practice_community'),
    NATS_URL: stand.infra.natsUrlAs('svc-community'),
    SEED_DEMO: 'false',
  });
  svcCommunity.start();
  await eventually(async () => (await api().get('/api/health')).body?.services?.community === 'up', 30_000, 'svc-community answers /health');
  const course = async (name: string) => (await stand.content.send<{ _id: string }>(...routeCall(ROUTES.courses.create, { body: { topic: 'sql', name, teacher: 'Ada Lovelace', length: '1 hour' } })))._id;
  courses.sql = await course('With a SQL sandbox');
  courses.mongo = await course('With a mongo sandbox');
  courses.none = await course('Without a sandbox');
  await stand.content.send(...routeCall(ROUTES.courses.putSandbox, { params: { courseId: courses.sql }, body: { kind: 'sql', source: 'CREATE TABLE product (id INTEGER PRIMARY KEY, name TEXT);' } }));
  await stand.content.send(...routeCall(ROUTES.courses.putSandbox, { params: { courseId: courses.mongo }, body: { kind: 'mongo', source: '{"product": [{"name": "Pen"}]}' } }));
}, 90_000);

// A learner per test: the suite posts past the per-user rate of Q&A writes (10 a minute).
let learners = 0;
beforeEach(async () => {
  learners += 1;
  const created = await checked(api().post('/api/users').send({ email: `asker${learners}.${Date.now()}@example.com`, password: 'secret-password', skill: 'beginner' }));
  token = String(created.headers[AUTH_HEADER]);
});

afterAll(async () => {
  await svcCommunity?.stop();
  await stand?.close();
});

describe('the practice database of a question (issue 22)', () => {
  it('stores a course that has a SQL sandbox, and null when none is chosen', async () => {
    const chosen = await post({ ...question, sandboxCourseId: courses.sql });
    expect(chosen.status).toBe(201);
    expect((chosen.body as QnaQuestion).sandboxCourseId).toBe(courses.sql);
    const read = await checked(api().get(`/api/qna/${(chosen.body as QnaQuestion)._id}`).set(AUTH_HEADER, token));
    expect(read.body.sandboxCourseId).toBe(courses.sql);
    const listed = await checked(api().get('/api/qna').set(AUTH_HEADER, token));
    expect(listed.body.find((item: QnaQuestion) => item._id === chosen.body._id)?.sandboxCourseId).toBe(courses.sql);

    const none = await post(question);
    expect(none.status).toBe(201);
    expect(none.body.sandboxCourseId).toBeNull();
  });

  it.each([
    ['a course with a mongo sandbox', () => courses.mongo, 400],
    ['a course without a sandbox', () => courses.none, 400],
    ['an unknown course', () => unknownCourse, 400],
  ] as Array<[string, () => string, number]>)('refuses %s with 400 and stores nothing', async (_label, courseId, status) => {
    const before = Number((await checked(api().get('/api/qna').set(AUTH_HEADER, token))).headers['x-total-count']);
    const response = await post({ ...question, sandboxCourseId: courseId() });
    expect(response.status).toBe(status);
    expect(response.body.message).toBe(QNA_MESSAGES.noSqlSandbox);
    expect(Number((await checked(api().get('/api/qna').set(AUTH_HEADER, token))).headers['x-total-count'])).toBe(before);
  });

  it('refuses a malformed course id with 400', async () => {
    expect((await post({ ...question, sandboxCourseId: 'not-an-id' })).status).toBe(400);
    expect((await post({ ...question, sandboxCourseId: { $gt: '' } })).status).toBe(400);
  });

  it('lets the author change or drop it in an edit, checked the same way; an edit without it, or a reply, keeps it', async () => {
    const created = (await post({ ...question, sandboxCourseId: courses.sql })).body as QnaQuestion;
    const { topic, title, description } = question;
    const refused = await put(created._id, { topic, title, description, sandboxCourseId: courses.mongo });
    expect(refused.status).toBe(400);
    expect((await put(created._id, { topic, title: 'An edited title, same sandbox', description })).body.sandboxCourseId).toBe(courses.sql);
    // Riding along a reply (a client sending the question back), it is neither checked nor stored.
    const replied = await put(created._id, { topic, title, description, sandboxCourseId: courses.mongo, reply: { reply: 'A reply with the question riding along.' } });
    expect(replied.status).toBe(200);
    expect(replied.body.sandboxCourseId).toBe(courses.sql);
    const dropped = await put(created._id, { topic, title, description, sandboxCourseId: null });
    expect(dropped.body).toMatchObject({ sandboxCourseId: null });
  });
});
