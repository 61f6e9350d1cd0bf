import { AUTH_HEADER } from '@dblearn/contracts';
import { ServiceProcess, startTestInfra, SvcUsersProcess, type TestInfra, uniqueDatabaseName } from '@dblearn/testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { checked, eventually, startGateway, type TestGateway } from './support/gateway.js';
import { runGrantAdmin } from './support/grant-admin.js';

/*
 * Issue 20 §3 and issue 17 #10/#13: the gateway knows who is an admin from svc-users' events, never
 * by asking on the request path. Real svc-users, svc-content and svc-community (child processes),
 * real FerretDB and NATS with every process on the bus as its own user and no anonymous access, as
 * under `npm start`; grant-admin is the built command, run as an operator runs it.
 */

const ADMIN = { email: 'admin@roster.dblearn.test', password: 'roster-admin-password' };
let infra: TestInfra;
let svcUsers: SvcUsersProcess;
let svcContent: ServiceProcess;
let svcCommunity: ServiceProcess;
let gateway: TestGateway;
let dataDir: string;
const usersDb = uniqueDatabaseName('gateway_roster_users');
let counter = 0;

const api = () => request(gateway.server);
const course = (name: string) => ({ topic: 'sql', name, teacher: 'Edgar Codd', length: '2 hours' });

async function learner(): Promise<{ email: string; password: string }> {
  counter += 1;
  const account = { email: `roster${counter}.${Date.now()}@example.com`, password: 'secret-password' };
  expect((await checked(api().post('/api/users').send({ ...account, skill: 'beginner' }))).status).toBe(201);
  return account;
}

const signIn = async (account: { email: string; password: string }) => (await checked(api().post('/api/auth').send(account))).text;

/** grant-admin as beside `npm start`: NATS_URL without credentials, svc-users' own in DATA_DIR/nats-auth.conf. */
const grantAdmin = (args: string[]) => runGrantAdmin(args, { MONGO_URL: infra.mongoUrl, MONGO_DB: usersDb, NATS_URL: infra.natsUrl, DATA_DIR: dataDir });

beforeAll(async () => {
  infra = await startTestInfra({ strictNats: true });
  // The launcher writes every user's bus password here; the command reads svc-users' own.
  dataDir = await mkdtemp(join(tmpdir(), 'dblearn-roster-'));
  const svcUsersUrl = new URL(infra.natsUrlAs('svc-users'));
  await writeFile(
    join(dataDir, 'nats-auth.conf'),
    JSON.stringify({ authorization: { users: [{ user: 'svc-users', password: decodeURIComponent(svcUsersUrl.password) }] } }),
    { mode: 0o600 },
  );
  svcUsers = new SvcUsersProcess({ MONGO_URL: infra.mongoUrl, MONGO_DB: usersDb, NATS_URL: infra.natsUrlAs('svc-users'), ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  svcContent = new ServiceProcess('svc-content', { MONGO_URL: infra.mongoUrl, MONGO_DB: uniqueDatabaseName('gateway_roster_content'), NATS_URL: infra.natsUrlAs('svc-content'), SEED_DEMO: 'false' });
  svcCommunity = new ServiceProcess('svc-community', { MONGO_URL: infra.mongoUrl, MONGO_DB: uniqueDatabaseName('gateway_roster_community'), NATS_URL: infra.natsUrlAs('svc-community'), SEED_DEMO: 'false' });
  for (const service of [svcUsers, svcContent, svcCommunity]) service.start();
  // Short bounds, so the calls svc-users owns answer their 503 quickly while it is paused.
  gateway = await startGateway({ NATS_URL: infra.natsUrlAs('gateway'), NATS_TIMEOUT_MS: '1000', NATS_HASHING_TIMEOUT_MS: '1500', REGISTER_RATE_LIMIT: '1000' });
  try {
    await eventually(async () => (await api().get('/api/health')).status === 200, 30_000, 'every service answers /health');
  } catch (error) {
    throw new Error(`${(error as Error).message}\nsvc-users:\n${svcUsers.recentOutput()}\nsvc-content:\n${svcContent.recentOutput()}\nsvc-community:\n${svcCommunity.recentOutput()}`);
  }
}, 90_000);

afterAll(async () => {
  if (svcUsers?.pid) process.kill(svcUsers.pid, 'SIGCONT');
  await gateway?.close();
  await Promise.all([svcUsers?.stop(), svcContent?.stop(), svcCommunity?.stop()]);
  await infra?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('the admin roster', () => {
  it('hears a grant and a revoke by grant-admin within a second', async () => {
    const account = await learner();
    const create = (token: string) => api().post('/api/course').set(AUTH_HEADER, token).send(course(`Roster ${counter}`));
    expect((await create(await signIn(account))).status).toBe(403);

    expect(await grantAdmin([account.email])).toEqual({ code: 0, out: `${account.email} is now an admin.` });
    const granted = Date.now();
    // A new sign-in carries the claim; the roster has heard by then.
    const token = await signIn(account);
    await eventually(async () => (await create(token)).status === 201, 1_000, 'the granted admin creates a course');
    expect(Date.now() - granted).toBeLessThan(1_000);

    expect(await grantAdmin([account.email, '--revoke'])).toEqual({ code: 0, out: `${account.email} is no longer an admin.` });
    const revoked = Date.now();
    // The same token still claims admin: the roster refuses it.
    await eventually(async () => (await create(token)).status === 403, 1_000, 'the revoked admin is refused');
    expect(Date.now() - revoked).toBeLessThan(1_000);
  }, 60_000);

  it('keeps admins working on content and in the Q&A while svc-users is paused; only what svc-users owns answers 503', async () => {
    const admin = await signIn(ADMIN);
    const learnerAccount = await learner();
    const learnerToken = await signIn(learnerAccount);
    const pid = svcUsers.pid!;
    process.kill(pid, 'SIGSTOP');
    try {
      const as = (token: string, method: 'get' | 'post' | 'put' | 'delete', path: string, body?: object) => {
        const call = api()[method](`/api${path}`).set(AUTH_HEADER, token);
        return checked(body ? call.send(body) : call);
      };
      const created = await as(admin, 'post', '/course', course('Paused users course'));
      expect(created.status).toBe(201);
      const courseId = String(created.body._id);
      expect((await as(admin, 'put', `/course/${courseId}`, course('Paused, renamed'))).status).toBe(200);
      const tutorial = await as(admin, 'post', '/tutorial', { title: 'While paused', courseId });
      expect(tutorial.status).toBe(201);
      expect((await as(admin, 'delete', `/tutorial/${tutorial.body._id}`)).status).toBe(200);
      const question = await as(admin, 'post', '/qna', { topic: 'sql', title: 'Posted while svc-users sleeps', description: 'An admin asks a question.' });
      expect(question.status).toBe(201);
      expect((await as(admin, 'post', `/qna/${question.body._id}/replies`, { reply: 'And an admin replies too.' })).status).toBe(201);
      // Deleting someone else's question takes admin rights: from the roster, not from svc-users.
      const learnersQuestion = await as(learnerToken, 'post', '/qna', { topic: 'sql', title: 'A learner asks meanwhile', description: 'Learners keep writing.' });
      expect(learnersQuestion.status).toBe(201);
      expect((await as(admin, 'delete', `/qna/${learnersQuestion.body._id}`)).status).toBe(200);
      // A learner is still refused the admin calls, and reads on.
      expect((await as(learnerToken, 'delete', `/course/${courseId}`)).status).toBe(403);
      expect((await as(learnerToken, 'get', `/course/${courseId}`)).status).toBe(200);
      expect((await as(admin, 'delete', `/course/${courseId}`)).status).toBe(200);

      // What svc-users owns waits for it.
      expect((await as(admin, 'get', '/users/me')).status).toBe(503);
      expect((await checked(api().post('/api/auth').send(ADMIN))).status).toBe(503);
      expect((await checked(api().post('/api/users').send({ email: `paused.${Date.now()}@example.com`, password: 'secret-password', skill: 'beginner' }))).status).toBe(503);
    } finally {
      process.kill(pid, 'SIGCONT');
    }
    await eventually(async () => (await api().get('/api/users/me').set(AUTH_HEADER, admin)).status === 200, 10_000, 'svc-users answers again');
  }, 60_000);
});
