import { request as httpRequest, type IncomingMessage } from 'node:http';
import { AUTH_HEADER, DELETED_AUTHOR_NAME, DISPLAY_NAME_CHARACTERS_MESSAGE, DISPLAY_NAME_TAKEN_MESSAGE, type PublicUser, QNA_LIVE, type QnaQuestion } from '@dblearn/contracts';
import { ServiceProcess, startTestInfra, SvcUsersProcess, type TestInfra, uniqueDatabaseName } from '@dblearn/testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { listenAsWebEntry, listeningPort } from '../src/edge/web-entry.js';
import { checked, eventually, startGateway, type TestGateway } from './support/gateway.js';
import { startHealthResponder } from './support/health-responder.js';

/**
 * Issue 36 (display names; no e-mail in anything public) and issue 30 Low 7 (a deleted account's
 * token refused everywhere at once), through the gateway with the real svc-users and svc-community.
 */
let infra: TestInfra;
let svcUsers: SvcUsersProcess;
let svcCommunity: ServiceProcess;
let content: { close(): Promise<void> };
let gateway: TestGateway;
let secondGateway: TestGateway;
let edgePort: number;

const api = (on: TestGateway = gateway) => request(on.server);

interface Account {
  user: PublicUser;
  token: string;
  password: string;
}

let mailbox = 0;
async function signUp(displayName?: string): Promise<Account> {
  const password = 'a-good-password';
  const response = await checked(
    api().post('/api/users').send({ email: `privacy${(mailbox += 1)}@example.com`, password, skill: 'beginner', ...(displayName ? { displayName } : {}) }),
  );
  expect(response.status).toBe(201);
  return { user: response.body as PublicUser, token: response.headers[AUTH_HEADER] as string, password };
}

/** Opens GET /api/live/qna through the web entry and collects what arrives. */
function openLive(token: string): Promise<{ text(): string; response: IncomingMessage; close(): void }> {
  return new Promise((resolve, reject) => {
    const call = httpRequest({ host: '127.0.0.1', port: edgePort, path: `/api${QNA_LIVE.path}`, headers: { [AUTH_HEADER]: token } }, (response) => {
      let received = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (received += chunk));
      response.on('error', () => undefined);
      resolve({ text: () => received, response, close: () => call.destroy() });
    });
    call.on('error', reject);
    call.end();
  });
}

beforeAll(async () => {
  infra = await startTestInfra();
  svcUsers = new SvcUsersProcess({ MONGO_URL: infra.mongoUrl, MONGO_DB: uniqueDatabaseName('gateway_privacy_users'), NATS_URL: infra.natsUrlAs('svc-users') });
  svcUsers.start();
  svcCommunity = new ServiceProcess('svc-community', {
    MONGO_URL: infra.mongoUrl,
    MONGO_DB: uniqueDatabaseName('gateway_privacy_community'),
    NATS_URL: infra.natsUrlAs('svc-community'),
    SEED_DEMO: 'false',
  });
  svcCommunity.start();
  content = await startHealthResponder(infra.natsUrlAs('svc-content'), 'content');
  gateway = await startGateway({ NATS_URL: infra.natsUrlAs('gateway'), QNA_WRITE_RATE_LIMIT: '100000' });
  secondGateway = await startGateway({ NATS_URL: infra.natsUrlAs('gateway'), QNA_WRITE_RATE_LIMIT: '100000' });
  edgePort = listeningPort(await listenAsWebEntry(gateway.app, { port: 0, host: '127.0.0.1', shellUrl: 'http://127.0.0.1:9' }));
  try {
    await eventually(async () => (await api().get('/api/health')).status === 200, 60_000, 'svc-users and svc-community answer /health');
  } catch (error) {
    throw new Error(`${(error as Error).message}\nsvc-users said:\n${svcUsers.recentOutput()}\nsvc-community said:\n${svcCommunity.recentOutput()}`);
  }
}, 90_000);

afterAll(async () => {
  await gateway?.close();
  await secondGateway?.close();
  await svcCommunity?.stop();
  await svcUsers?.stop();
  await content?.close();
  await infra?.stop();
});

describe('display names instead of e-mails (issue 36)', () => {
  it('two learners: what one posts, the other reads with no @ anywhere in Q&A, search or live answers', async () => {
    const ada = await signUp('Ada Writer');
    const bob = await signUp();
    expect(ada.user.displayName).toBe('Ada Writer');
    expect(bob.user.displayName).toMatch(/^learner-\d{4}$/);

    const live = await openLive(bob.token);
    try {
      const posted = await checked(
        api().post('/api/qna').set(AUTH_HEADER, ada.token).send({ topic: 'sql', title: 'Privacy probe zebracorn question', description: 'Who can see my address here?', userName: 'spoof@example.com' }),
      );
      expect(posted.status).toBe(201);
      const id = (posted.body as QnaQuestion)._id;
      const replied = await checked(api().post(`/api/qna/${id}/replies`).set(AUTH_HEADER, bob.token).send({ reply: 'Nobody: only your display name.' }));
      expect(replied.status).toBe(201);
      await checked(api().put(`/api/qna/accept/${id}`).set(AUTH_HEADER, ada.token).send({ id: (replied.body as QnaQuestion).replies[0]!._id }));

      const answers = [
        posted,
        replied,
        await checked(api().get('/api/qna').set(AUTH_HEADER, bob.token)),
        await checked(api().get(`/api/qna/${id}`).set(AUTH_HEADER, bob.token)),
        await checked(api().get('/api/qna?topic=sql&page=1&pageSize=5').set(AUTH_HEADER, bob.token)),
      ];
      await eventually(async () => (await api().get('/api/search?q=zebracorn&kind=qna').set(AUTH_HEADER, bob.token)).body?.items?.length === 1, 20_000, 'the search hit');
      answers.push(await checked(api().get('/api/search?q=zebracorn').set(AUTH_HEADER, bob.token)));
      await eventually(async () => live.text().includes('"accepted"'), 20_000, 'the live events');

      for (const answer of answers) expect(answer.text).not.toContain('@');
      expect(live.text()).not.toContain('@');
      const thread = answers[3]!.body as QnaQuestion;
      expect(thread).toMatchObject({ authorId: ada.user._id, authorName: 'Ada Writer', acceptedReplyId: thread.replies[0]!._id });
      expect(thread.replies[0]).toMatchObject({ authorId: bob.user._id, authorName: bob.user.displayName });
    } finally {
      live.close();
    }
    // Only the owner sees the e-mail.
    expect((await checked(api().get('/api/users/me').set(AUTH_HEADER, ada.token))).body.email).toBe(ada.user.email);
  });

  it('a rename on PATCH /users/me shows on the thread; a taken or look-alike name is a 409 and a bad one a 400, changing nothing', async () => {
    const cleo = await signUp('Cleo Before');
    const dan = await signUp('Dan');
    const posted = await checked(api().post('/api/qna').set(AUTH_HEADER, cleo.token).send({ topic: 'rm', title: 'A question to be renamed', description: 'Its author changes name.' }));
    const id = (posted.body as QnaQuestion)._id;

    const renamed = await checked(api().patch('/api/users/me').set(AUTH_HEADER, cleo.token).send({ displayName: 'Cleo After' }));
    expect(renamed.status).toBe(200);
    expect(renamed.body.displayName).toBe('Cleo After');
    await eventually(async () => (await api().get(`/api/qna/${id}`).set(AUTH_HEADER, dan.token)).body?.authorName === 'Cleo After', 20_000, 'the new name on the thread');
    const listed = (await checked(api().get('/api/qna?topic=rm').set(AUTH_HEADER, dan.token))).body as QnaQuestion[];
    expect(listed.find((item) => item._id === id)?.authorName).toBe('Cleo After');

    for (const taken of ['cleo after', 'CLEO AFTER', 'Cleо After' /* Cyrillic о */]) {
      const refused = await checked(api().patch('/api/users/me').set(AUTH_HEADER, dan.token).send({ displayName: taken }));
      expect({ taken, status: refused.status, message: refused.body.message }).toEqual({ taken, status: 409, message: DISPLAY_NAME_TAKEN_MESSAGE });
    }
    const bad = await checked(api().patch('/api/users/me').set(AUTH_HEADER, dan.token).send({ displayName: 'dan@example.com' }));
    expect(bad.status).toBe(400);
    expect(bad.body.message).toEqual([DISPLAY_NAME_CHARACTERS_MESSAGE]);
    expect((await checked(api().get('/api/users/me').set(AUTH_HEADER, dan.token))).body.displayName).toBe('Dan');
    expect((await checked(api().post('/api/users').send({ email: 'late@example.com', password: 'a-good-password', skill: 'beginner', displayName: 'CLEO after' }))).status).toBe(409);
  });
});

describe('a rename while svc-community is down (issue 36)', () => {
  it('is answered 200 by svc-users and shows on every post once svc-community is back, never half', async () => {
    const finn = await signUp('Finn Before');
    const reader = await signUp();
    const posted = await checked(api().post('/api/qna').set(AUTH_HEADER, finn.token).send({ topic: 'nosql', title: 'Renamed while the forum was down', description: 'Whose name shows afterwards?' }));
    const id = (posted.body as QnaQuestion)._id;
    await svcCommunity.stop();
    try {
      const renamed = await checked(api().patch('/api/users/me').set(AUTH_HEADER, finn.token).send({ displayName: 'Finn After' }));
      expect(renamed.status).toBe(200);
      expect((await checked(api().get(`/api/qna/${id}`).set(AUTH_HEADER, reader.token))).status).toBe(503);
    } finally {
      svcCommunity.start();
    }
    await eventually(async () => (await api().get(`/api/qna/${id}`).set(AUTH_HEADER, reader.token)).body?.authorName === 'Finn After', 60_000, 'the new name after the restart');
    const listed = (await checked(api().get('/api/qna?topic=nosql').set(AUTH_HEADER, reader.token))).body as QnaQuestion[];
    expect(listed.find((item) => item._id === id)?.authorName).toBe('Finn After');
  });
});

describe('a deleted account (issue 30, Low 7)', () => {
  it('needs the password; then its token is refused on every route of every gateway at once, and its posts show "deleted learner"', async () => {
    const eve = await signUp('Eve Leaving');
    const reader = await signUp();
    const posted = await checked(api().post('/api/qna').set(AUTH_HEADER, eve.token).send({ topic: 'sql', title: 'A question that outlives its author', description: 'The author deletes the account.' }));
    const id = (posted.body as QnaQuestion)._id;

    const wrong = await checked(api().delete('/api/users/me').set(AUTH_HEADER, eve.token).send({ password: 'not-the-password' }));
    expect(wrong.status).toBe(400);
    expect((await checked(api().get('/api/users/me').set(AUTH_HEADER, eve.token))).status).toBe(200);

    expect((await checked(api().delete('/api/users/me').set(AUTH_HEADER, eve.token).send({ password: eve.password }))).status).toBe(200);
    const routes: Array<[TestGateway, 'get' | 'post' | 'put', string, object?]> = [
      [gateway, 'get', '/api/users/me'],
      [gateway, 'get', '/api/qna'],
      [gateway, 'post', '/api/qna', { topic: 'sql', title: 'Written after deletion', description: 'This must never be stored.' }],
      [gateway, 'post', `/api/qna/${id}/replies`, { reply: 'A reply after deletion.' }],
      [gateway, 'get', '/api/search?q=anything'],
    ];
    for (const [on, method, path, body] of routes) {
      const response = await checked(api(on)[method](path).set(AUTH_HEADER, eve.token).send(body));
      expect({ path, status: response.status }).toEqual({ path, status: 401 });
    }
    // The other gateway hears account.removed within moments and refuses too, on any route.
    await eventually(async () => (await api(secondGateway).get('/api/qna').set(AUTH_HEADER, eve.token)).status === 401, 10_000, 'the second gateway refuses');
    expect((await checked(api(secondGateway).post('/api/qna').set(AUTH_HEADER, eve.token).send({ topic: 'sql', title: 'Written after deletion', description: 'Never stored.' }))).status).toBe(401);

    await eventually(async () => (await api().get(`/api/qna/${id}`).set(AUTH_HEADER, reader.token)).body?.authorName === DELETED_AUTHOR_NAME, 20_000, '"deleted learner" on the post');
    expect((await checked(api().get(`/api/qna/${id}`).set(AUTH_HEADER, reader.token))).body.authorId).toBeNull();
    // Sign-in with the old credentials fails; the address may sign up again as a new account.
    expect((await checked(api().post('/api/auth').send({ email: eve.user.email, password: eve.password }))).status).toBe(400);
  });
});
