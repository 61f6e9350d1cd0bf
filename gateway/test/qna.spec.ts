import {
  AUTH_HEADER,
  DEMO_AUTHOR_DOMAIN,
  EMAIL_RESERVED_DOMAIN_MESSAGE,
  QNA_MESSAGES,
  QNA_THREAD_LIMITS,
  type QnaQuestion,
  type TokenClaims,
  TOTAL_COUNT_HEADER,
} from '@dblearn/contracts';
import { ServiceProcess, startTestInfra, SvcUsersProcess, type TestInfra, uniqueDatabaseName } from '@dblearn/testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { JwtService } from '@nestjs/jwt';
import mongoose from 'mongoose';
import request from 'supertest';
import { checked, eventually, startGateway, TEST_JWT_SECRET, type TestGateway } from './support/gateway.js';
import { startHealthResponder } from './support/health-responder.js';

/*
 * CONTRACT "Q&A" end to end: the gateway in process, the real svc-community as a child process,
 * a real MongoDB-protocol server and NATS. Callers are signed tokens, as POST /auth makes them.
 */

let infra: TestInfra;
let svcCommunity: ServiceProcess;
let svcUsers: SvcUsersProcess;
let content: { close(): Promise<void> };
let gateway: TestGateway;
const jwt = new JwtService({ secret: TEST_JWT_SECRET });
const communityDb = uniqueDatabaseName('gateway_community');

function tokenFor(email: string, isAdmin = false, name = 'A Learner'): string {
  const claims: TokenClaims = { _id: new mongoose.Types.ObjectId().toHexString(), email, skill: 'beginner', isAdmin, name };
  return jwt.sign(claims, { expiresIn: '1h' });
}

const author = tokenFor('author@example.com', false, 'The Author');
const other = tokenFor('other@example.com', false, 'Other Learner');
/** Admin rights come from the account (issue 6): svc-users' ADMIN_EMAIL account, signed in (beforeAll). */
const ADMIN_ACCOUNT = { email: 'admin@qna.dblearn.test', password: 'qna-admin-password' };
let admin = '';

type Who = 'author' | 'other learner' | 'admin' | 'visitor';
const TOKENS: Record<Who, string | undefined> = { author, 'other learner': other, admin: undefined, visitor: undefined };

function api() {
  return request(gateway.server);
}

function as(who: Who, method: 'get' | 'post' | 'put' | 'delete', path: string, body?: object) {
  const call = api()[method](path);
  const token = TOKENS[who];
  if (token) call.set(AUTH_HEADER, token);
  return checked(body ? call.send(body) : call);
}

const question = { topic: 'sql', title: 'How do I join three tables?', description: 'I have orders, customers and products.' };
const edit = { topic: 'rm', title: 'Edited: joining three tables', description: 'Edited description of the question.' };

async function post(token = author, body: object = question): Promise<QnaQuestion> {
  const response = await checked(api().post('/api/qna').set(AUTH_HEADER, token).send(body));
  expect(response.status).toBe(201);
  return response.body as QnaQuestion;
}

async function reply(id: string, token: string, text = 'A reply that is long enough.'): Promise<QnaQuestion> {
  const response = await checked(api().post(`/api/qna/${id}/replies`).set(AUTH_HEADER, token).send({ reply: text }));
  expect(response.status).toBe(201);
  return response.body as QnaQuestion;
}

async function current(id: string): Promise<QnaQuestion> {
  const response = await checked(api().get(`/api/qna/${id}`).set(AUTH_HEADER, author));
  // svc-community's raw JSON bytes, sent on as the body: still JSON to the client.
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  return response.body as QnaQuestion;
}

beforeAll(async () => {
  infra = await startTestInfra();
  svcCommunity = new ServiceProcess('svc-community', {
    MONGO_URL: infra.mongoUrl,
    MONGO_DB: communityDb,
    NATS_URL: infra.natsUrlAs('svc-community'),
    SEED_DEMO: 'false',
  });
  svcCommunity.start();
  svcUsers = new SvcUsersProcess({
    MONGO_URL: infra.mongoUrl,
    MONGO_DB: uniqueDatabaseName('gateway_community_users'),
    NATS_URL: infra.natsUrlAs('svc-users'),
    ADMIN_EMAIL: ADMIN_ACCOUNT.email,
    ADMIN_PASSWORD: ADMIN_ACCOUNT.password,
  });
  svcUsers.start();
  content = await startHealthResponder(infra.natsUrlAs('svc-content'), 'content');
  // The suite writes far more than a person does; the per-user rate has its own test (its own gateway).
  gateway = await startGateway({ NATS_URL: infra.natsUrlAs('gateway'), QNA_WRITE_RATE_LIMIT: '100000' });
  try {
    await eventually(async () => (await api().get('/api/health')).status === 200, 30_000, 'svc-community answers /health');
  } catch (error) {
    throw new Error(`${(error as Error).message}\nsvc-community said:\n${svcCommunity.recentOutput()}\nsvc-users said:\n${svcUsers.recentOutput()}`);
  }
  admin = (await checked(api().post('/api/auth').send(ADMIN_ACCOUNT))).text;
  TOKENS.admin = admin;
}, 60_000);

afterAll(async () => {
  await gateway?.close();
  await svcCommunity?.stop();
  await svcUsers?.stop();
  await content?.close();
  await infra?.stop();
});

describe('Q&A through the gateway and svc-community', () => {
  it('reports community on /api/health', async () => {
    expect((await checked(api().get('/api/health'))).body).toEqual({ status: 'ok', services: { users: 'up', content: 'up', community: 'up' } });
  });

  it('posts as the caller whatever userName the body claims, and reads it back', async () => {
    const created = await post(author, { ...question, userName: 'someone.else@example.com' });
    expect(created).toMatchObject({ ...question, authorName: 'The Author', replies: [] });
    expect(JSON.stringify(created)).not.toContain('@');
    expect(await current(created._id)).toEqual(created);
  });

  it('lists newest first with X-Total-Count, filters by topic and pages', async () => {
    const first = await post(author, { ...question, topic: 'fo', title: 'First question about files' });
    const second = await post(other, { ...question, topic: 'fo', title: 'Second question about files' });
    const response = await as('other learner', 'get', '/api/qna?topic=fo&page=1&pageSize=6');
    expect(response.status).toBe(200);
    expect(response.headers[TOTAL_COUNT_HEADER.toLowerCase()]).toBe('2');
    expect(response.body.map((item: QnaQuestion) => item._id)).toEqual([second._id, first._id]);
    expect(response.body[0]).toMatchObject({ replyCount: 0, authorName: 'Other Learner' });
    const secondPage = await as('other learner', 'get', '/api/qna?topic=fo&page=2&pageSize=1');
    expect(secondPage.body.map((item: QnaQuestion) => item._id)).toEqual([first._id]);
    expect((await as('author', 'get', '/api/qna?topic=music')).status).toBe(400);
    expect((await as('author', 'get', '/api/qna?pageSize=101')).status).toBe(400);
    // A remote served from its own origin (npm run dev -w mf-qna) must be able to read the count.
    const crossOrigin = await checked(api().get('/api/qna').set(AUTH_HEADER, author).set('Origin', 'http://localhost:8083'));
    expect(crossOrigin.headers['access-control-expose-headers']).toContain(TOTAL_COUNT_HEADER);
  });

  it('refuses bad input with 400 and stores nothing', async () => {
    const before = (await as('author', 'get', '/api/qna')).headers[TOTAL_COUNT_HEADER.toLowerCase()];
    for (const body of [
      { ...question, title: 'x'.repeat(9) },
      { ...question, title: 'x'.repeat(3001) },
      { ...question, description: 'short' },
      { ...question, topic: 'music' },
      { ...question, title: { $gt: '' } },
      { ...question, replies: [] },
    ]) {
      const response = await as('author', 'post', '/api/qna', body);
      expect(response.status).toBe(400);
    }
    expect((await as('author', 'post', '/api/qna', { ...question, title: 'x'.repeat(9) })).body.message).toEqual([
      'Title must be 10 to 3000 characters long.',
    ]);
    expect((await as('author', 'get', '/api/qna')).headers[TOTAL_COUNT_HEADER.toLowerCase()]).toBe(before);
    expect((await as('author', 'get', '/api/qna/not-an-id')).status).toBe(400);
    expect((await as('author', 'get', `/api/qna/${new mongoose.Types.ObjectId().toHexString()}`)).status).toBe(404);
  });

  it('takes admin rights from the account: a token still claiming admin (a revoked admin) deletes nothing of others', async () => {
    const { _id } = await post();
    const revoked = tokenFor('revoked-admin@example.com', true);
    const response = await checked(api().delete(`/api/qna/${_id}`).set(AUTH_HEADER, revoked));
    expect(response.status).toBe(403);
    expect((await current(_id))._id).toBe(_id);
  });

  it('sends a question gzipped to a client that takes gzip, as it is to one that does not', async () => {
    const created = await post();
    // Gzip pays from 1 kB of JSON (a short question travels plain either way).
    for (let i = 0; i < 8; i += 1) await reply(created._id, other, `Reply ${i}: long enough to be kept, and long enough that eight of them pass a kilobyte.`);
    const plain = await checked(api().get(`/api/qna/${created._id}`).set(AUTH_HEADER, author).set('Accept-Encoding', 'identity'));
    expect(plain.headers['content-encoding']).toBeUndefined();
    const gzipped = await checked(api().get(`/api/qna/${created._id}`).set(AUTH_HEADER, author).set('Accept-Encoding', 'gzip, deflate, br'));
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers.vary).toMatch(/Accept-Encoding/);
    // supertest unzips: the same question either way, with its reply.
    expect(gzipped.body).toEqual(plain.body);
    expect((plain.body as QnaQuestion).replies).toHaveLength(8);
  });

  it('stores markup as written (the browser shows it as text)', async () => {
    const markup = '<img src=x onerror=alert(1)> <script>alert(2)</script>';
    const created = await post(author, { ...question, description: markup });
    expect((await current(created._id)).description).toBe(markup);
  });

  it('keeps the original PUT forms: a reply by anyone, {reply: {reply}}, with the question fields ignored for non-authors', async () => {
    const created = await post(author);
    const { replies: _replies, datePosted: _date, ...sentBack } = created;
    const response = await as('other learner', 'put', `/api/qna/${created._id}`, {
      ...sentBack,
      ...edit,
      reply: { reply: 'Join them one after the other.', userName: 'author@example.com' },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ title: question.title, topic: question.topic });
    expect(response.body.replies).toEqual([expect.objectContaining({ authorName: 'Other Learner', reply: 'Join them one after the other.' })]);
  });
});

describe('the authorization matrix', () => {
  const everyone: Who[] = ['author', 'other learner', 'admin', 'visitor'];

  it.each(everyone)('reading: the %s', async (who) => {
    const created = await post();
    const expected = who === 'visitor' ? 401 : 200;
    expect((await as(who, 'get', '/api/qna')).status).toBe(expected);
    expect((await as(who, 'get', `/api/qna/${created._id}`)).status).toBe(expected);
  });

  it.each(everyone)('posting and replying: the %s', async (who) => {
    const created = await post();
    const expected = who === 'visitor' ? 401 : 201;
    expect((await as(who, 'post', '/api/qna', question)).status).toBe(expected);
    expect((await as(who, 'post', `/api/qna/${created._id}/replies`, { reply: 'A reply that is long enough.' })).status).toBe(expected);
    expect((await as(who, 'put', `/api/qna/${created._id}`, { reply: { reply: 'Another reply long enough.' } })).status).toBe(expected === 201 ? 200 : 401);
  });

  it.each([
    ['author', 200],
    ['other learner', 403],
    ['admin', 403],
    ['visitor', 401],
  ] as Array<[Who, number]>)('editing a question: the %s gets %i', async (who, status) => {
    const created = await post();
    const response = await as(who, 'put', `/api/qna/${created._id}`, edit);
    expect(response.status).toBe(status);
    if (status === 403) expect(response.body.message).toBe(QNA_MESSAGES.onlyAuthorEdits);
    expect(await current(created._id)).toMatchObject(status === 200 ? edit : question);
  });

  it.each([
    ['author', 200],
    ['other learner', 403],
    ['admin', 200],
    ['visitor', 401],
  ] as Array<[Who, number]>)('deleting a question: the %s gets %i', async (who, status) => {
    const created = await post();
    expect((await as(who, 'delete', `/api/qna/${created._id}`)).status).toBe(status);
    expect((await as('author', 'get', `/api/qna/${created._id}`)).status).toBe(status === 200 ? 404 : 200);
  });

  it.each([
    ['reply author', 'other learner', 200],
    ['question author', 'author', 403],
    ['admin', 'admin', 200],
    ['visitor', 'visitor', 401],
  ] as Array<[string, Who, number]>)('deleting a reply by the other learner: the %s gets %i', async (_label, who, status) => {
    const created = await post();
    const replied = await reply(created._id, other);
    const replyId = replied.replies[0]!._id;
    const response = await as(who, 'put', `/api/qna/reply/${created._id}`, { id: replyId });
    expect(response.status).toBe(status);
    expect((await current(created._id)).replies).toHaveLength(status === 200 ? 0 : 1);
  });

  it.each([
    ['author', 200, 403],
    ['other learner', 403, 403],
    ['admin', 200, 200],
    ['visitor', 401, 401],
  ] as Array<[Who, number, number]>)('accepting a reply (issue 22): the %s gets %i, and %i clearing it', async (who, status, clearStatus) => {
    const created = await post();
    const replyId = (await reply(created._id, other)).replies[0]!._id;
    const response = await as(who, 'put', `/api/qna/accept/${created._id}`, { id: replyId });
    expect(response.status).toBe(status);
    if (status === 403) expect(response.body.message).toBe(QNA_MESSAGES.onlyAuthorOrAdminAccepts);
    expect((await current(created._id)).acceptedReplyId).toBe(status === 200 ? replyId : null);
    const listed = await as('author', 'get', '/api/qna?pageSize=50');
    expect((listed.body as Array<{ _id: string; solved: boolean }>).find((item) => item._id === created._id)?.solved).toBe(status === 200);

    if (status !== 200) await as('author', 'put', `/api/qna/accept/${created._id}`, { id: replyId });
    expect((await as(who, 'put', `/api/qna/accept/${created._id}`, { id: null })).status).toBe(clearStatus);
    expect((await current(created._id)).acceptedReplyId).toBe(clearStatus === 200 ? null : replyId);
  });

  it('answers 404 for accepting a reply of another question, 400 for a missing or malformed id', async () => {
    const created = await post();
    const elsewhere = await post(other);
    const foreign = (await reply(elsewhere._id, author)).replies[0]!._id;
    const response = await as('author', 'put', `/api/qna/accept/${created._id}`, { id: foreign });
    expect(response.status).toBe(404);
    expect(response.body.message).toBe(QNA_MESSAGES.replyNotFound);
    expect((await as('author', 'put', `/api/qna/accept/${created._id}`, {})).status).toBe(400);
    expect((await as('author', 'put', `/api/qna/accept/${created._id}`, { id: 'nope' })).status).toBe(400);
    expect((await as('author', 'put', '/api/qna/accept/123', { id: foreign })).status).toBe(400);
    expect((await current(created._id)).acceptedReplyId).toBeNull();
  });

  it('answers 400 for malformed ids and 404 for unknown ones on every write', async () => {
    const unknown = new mongoose.Types.ObjectId().toHexString();
    expect((await as('admin', 'delete', '/api/qna/123')).status).toBe(400);
    expect((await as('admin', 'delete', `/api/qna/${unknown}`)).status).toBe(404);
    expect((await as('admin', 'put', '/api/qna/reply/123', { id: unknown })).status).toBe(400);
    expect((await as('admin', 'put', `/api/qna/reply/${unknown}`, { id: 'nope' })).status).toBe(400);
    expect((await as('admin', 'put', `/api/qna/reply/${unknown}`, { id: unknown })).status).toBe(404);
    expect((await as('author', 'post', `/api/qna/${unknown}/replies`, { reply: 'A reply that is long enough.' })).status).toBe(404);
  });
});

describe('issue 17 through the gateway', () => {
  it('answers 409 to a reply past the thread limit, stores nothing, and still serves the thread', async () => {
    const created = await post(author);
    // The thread filled up behind the service's back (quicker than 200 calls); its cache holds nothing yet.
    const db = await mongoose.createConnection(infra.mongoUrl, { dbName: communityDb }).asPromise();
    try {
      const replies = Array.from({ length: QNA_THREAD_LIMITS.maxReplies }, (_, index) => ({
        _id: new mongoose.Types.ObjectId(),
        authorId: null,
        reply: `Reply number ${index} to this question.`,
        datePosted: new Date(),
      }));
      await db.collection('questions').updateOne({ _id: new mongoose.Types.ObjectId(created._id) }, { $set: { replies } });
    } finally {
      await db.close();
    }
    const refused = await checked(api().post(`/api/qna/${created._id}/replies`).set(AUTH_HEADER, other).send({ reply: 'One reply too many here.' }));
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ statusCode: 409, error: 'Conflict', message: QNA_MESSAGES.tooManyReplies });
    const viaPut = await as('other learner', 'put', `/api/qna/${created._id}`, { reply: { reply: 'One reply too many here.' } });
    expect(viaPut.status).toBe(409);
    expect((await current(created._id)).replies).toHaveLength(QNA_THREAD_LIMITS.maxReplies);
    expect((await as('author', 'delete', `/api/qna/${created._id}`)).status).toBe(200);
  });

  it('refuses to register a demo author’s address, so nobody can take over the seeded threads', async () => {
    for (const email of [`maya.chen@${DEMO_AUTHOR_DOMAIN}`, 'maya.chen@dblearn.example']) {
      const response = await checked(api().post('/api/users').send({ email, password: 'a-long-password', skill: 'beginner' }));
      expect(response.status).toBe(400);
      expect(response.body.message).toEqual([EMAIL_RESERVED_DOMAIN_MESSAGE]);
      expect(response.headers['x-auth-token']).toBeUndefined();
    }
  });
});

describe('the per-user rate on Q&A writes (issue 17, finding 4)', () => {
  it('answers 429 with Retry-After after 10 questions, replies and edits in a minute, counting them together, per user', async () => {
    const limited = await startGateway({ NATS_URL: infra.natsUrlAs('gateway') });
    try {
      const writer = tokenFor(`writer.${Date.now()}@example.com`);
      const send = (method: 'post' | 'put', path: string, body: object, token = writer) => checked(request(limited.server)[method](path).set(AUTH_HEADER, token).send(body));
      const first = await send('post', '/api/qna', question);
      expect(first.status).toBe(201);
      const statuses = [first.status];
      for (let i = 0; i < 3; i += 1) statuses.push((await send('post', `/api/qna/${first.body._id}/replies`, { reply: 'A reply that is long enough.' })).status);
      for (let i = 0; i < 3; i += 1) statuses.push((await send('put', `/api/qna/${first.body._id}`, edit)).status);
      for (let i = 0; i < 3; i += 1) statuses.push((await send('post', '/api/qna', question)).status);
      expect(statuses).toEqual([201, 201, 201, 201, 200, 200, 200, 201, 201, 201]);
      const refused = await send('post', '/api/qna', question);
      expect(refused.status).toBe(429);
      expect(refused.body.message).toMatch(/^Too many posts and edits in a minute\. Try again in \d+ seconds?\.$/);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect((await send('post', `/api/qna/${first.body._id}/replies`, { reply: 'A reply that is long enough.' })).status).toBe(429);
      // Reading is not a write, and another user writes on.
      expect((await checked(request(limited.server).get(`/api/qna/${first.body._id}`).set(AUTH_HEADER, writer))).status).toBe(200);
      expect((await send('post', '/api/qna', question, tokenFor(`someone.${Date.now()}@example.com`))).status).toBe(201);
    } finally {
      await limited.close();
    }
  }, 30_000);
});
