import { AUTH_HEADER, COMMUNITY_PATTERNS, CONTENT_PATTERNS, type QnaQuestion, type Course, type Tutorial, USERS_PATTERNS } from '@dblearn/contracts';
import { natsConnectionOptions } from '@dblearn/nest-common';
import { NatsCaller, ServiceProcess, startTestInfra, SvcUsersProcess, type TestInfra, uniqueDatabaseName } from '@dblearn/testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import request from 'supertest';
import { checked, eventually, startGateway, type TestGateway } from './support/gateway.js';

/*
 * What is kept in memory (docs/architecture.md "What is kept, and how it stays fresh") on two
 * gateways, two svc-users and two svc-community instances, real NATS and FerretDB: once a write has been answered,
 * the next read on any instance shows it, though both gateways (and both svc-users) kept the old
 * answer. svc-content's own instances: svc-content/test/item-reads.spec.ts.
 */

const ADMIN_ACCOUNT = { email: 'admin@kept.dblearn.test', password: 'kept-admin-password' };

let infra: TestInfra;
let services: ServiceProcess[] = [];
let gateways: TestGateway[] = [];
/** The gateway a round writes through: each in turn. */
const writer = (round: number): TestGateway => gateways[round % gateways.length] as TestGateway;
/** Hears a copy of every request a gateway sends a service (a plain subscriber beside the queue group). */
let spy: NatsConnection;
let admin = '';

beforeAll(async () => {
  infra = await startTestInfra({ mongo: true, nats: true });
  const usersDb = uniqueDatabaseName('kept_users');
  const usersEnv = { MONGO_URL: infra.mongoUrl, MONGO_DB: usersDb, NATS_URL: infra.natsUrlAs('svc-users'), ADMIN_EMAIL: ADMIN_ACCOUNT.email, ADMIN_PASSWORD: ADMIN_ACCOUNT.password };
  const communityEnv = { MONGO_URL: infra.mongoUrl, MONGO_DB: uniqueDatabaseName('kept_community'), NATS_URL: infra.natsUrlAs('svc-community'), SEED_DEMO: 'false' };
  services = [
    new SvcUsersProcess(usersEnv),
    new SvcUsersProcess(usersEnv),
    new ServiceProcess('svc-content', { MONGO_URL: infra.mongoUrl, MONGO_DB: uniqueDatabaseName('kept_content'), NATS_URL: infra.natsUrlAs('svc-content'), SEED_DEMO: 'false' }),
    new ServiceProcess('svc-community', communityEnv),
    new ServiceProcess('svc-community', communityEnv),
  ];
  for (const service of services) service.start();
  gateways = [await startGateway({ NATS_URL: infra.natsUrlAs('gateway') }), await startGateway({ NATS_URL: infra.natsUrlAs('gateway') })];
  spy = await connect(natsConnectionOptions(infra.natsUrl));
  try {
    const content = new NatsCaller(infra.natsUrl);
    await eventually(() => content.send(CONTENT_PATTERNS.health, {}).then(() => true, () => false), 60_000, 'svc-content answers');
    await eventually(() => content.send(COMMUNITY_PATTERNS.health, {}).then(() => true, () => false), 60_000, 'svc-community answers').finally(() => content.close());
    for (const gateway of gateways) await eventually(async () => (await request(gateway.server).get('/api/health')).body?.services?.users === 'up', 60_000, 'svc-users answers');
    // The token of the login that succeeded is kept: a second login would spend the account's login budget.
    await eventually(async () => {
      const login = await request(writer(0).server).post('/api/auth').send(ADMIN_ACCOUNT);
      if (login.status === 200) admin = login.text;
      return login.status === 200;
    }, 30_000, 'svc-users signs the admin in');
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${services.map((service) => service.recentOutput()).join('\n')}`);
  }
}, 120_000);

afterAll(async () => {
  await spy?.close();
  for (const gateway of gateways) await gateway.close();
  for (const service of services) await service.stop();
  await infra?.stop();
});

/** Counts the requests on `subject` whose body mentions `id`. */
async function countAsks(subject: string, id: string): Promise<() => number> {
  let asked = 0;
  spy.subscribe(subject, { callback: (_error, message) => void (message.string().includes(id) && (asked += 1)) });
  await spy.flush();
  return () => asked;
}

/** Reads until the gateway answers from what it keeps (it stops asking the service). */
async function untilKept(read: () => Promise<unknown>, asks: () => number, what: string): Promise<void> {
  await eventually(async () => {
    const before = asks();
    await read();
    return asks() === before;
  }, 15_000, what);
}

describe('kept answers stay fresh on every instance', () => {
  it("an item answer (gateway item-answers, svc-content's item cache): a write through one gateway is read at once on the other", async () => {
    const asAdmin = async <T>(gateway: TestGateway, method: 'post' | 'put', path: string, body: object): Promise<T> => {
      const response = await checked(request(gateway.server)[method](`/api${path}`).set(AUTH_HEADER, admin).send(body));
      if (response.status >= 300) throw new Error(`${method} ${path} answered ${response.status}: ${response.text}`);
      return response.body as T;
    };
    const course = await asAdmin<Course>(writer(0), 'post', '/course', { topic: 'sql', name: 'Kept everywhere', teacher: 'Edgar Codd', length: '1 hour' });
    const tutorial = await asAdmin<Tutorial>(writer(0), 'post', '/tutorial', { title: 'Version 0', courseId: course._id, content: { header: 'Kept text', detail: 'Unchanged text.' } });
    const path = `/api/tutorial/${tutorial._id}`;
    const asks = await countAsks(CONTENT_PATTERNS.findItemJson, tutorial._id);
    const titleOn = async (gateway: TestGateway) => {
      const response = await checked(request(gateway.server).get(path).set(AUTH_HEADER, admin));
      if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}: ${response.text}`);
      return (response.body as Tutorial).title;
    };

    for (let version = 1; version <= 4; version += 1) {
      for (const gateway of gateways) await untilKept(() => titleOn(gateway), asks, 'the gateway keeps the tutorial');
      // Written through each gateway in turn: the other one kept the old answer.
      await asAdmin(writer(version), 'put', `/tutorial/${tutorial._id}`, { title: `Version ${version}` });
      for (const gateway of gateways) expect(await titleOn(gateway)).toBe(`Version ${version}`);
    }
  });

  it('a profile (gateway kept-profiles, svc-users profile cache): a write through one gateway is read at once on the other', async () => {
    const registered = await checked(request(writer(0).server).post('/api/users').send({ email: `kept.${Date.now()}@example.com`, password: 'secret-password', skill: 'beginner' }));
    expect(registered.status).toBe(201);
    const token = String(registered.headers[AUTH_HEADER]);
    const userId = String((registered.body as { _id: string })._id);
    const asks = await countAsks(USERS_PATTERNS.findProfile, userId);
    const engineOn = async (gateway: TestGateway) => {
      const response = await checked(request(gateway.server).get('/api/users/me').set(AUTH_HEADER, token));
      if (response.status !== 200) throw new Error(`GET /users/me answered ${response.status}: ${response.text}`);
      return (response.body as { labEngine: string }).labEngine;
    };

    // Each write reaches one svc-users instance of two (a queue group): several rounds reach both.
    const engines = ['sqlite', 'postgres', 'sqlite', 'postgres', 'sqlite', 'postgres'];
    for (const [round, engine] of engines.entries()) {
      for (const gateway of gateways) await untilKept(() => engineOn(gateway), asks, 'the gateway keeps the profile');
      const written = await checked(request(writer(round).server).patch('/api/users/me').set(AUTH_HEADER, token).send({ labEngine: engine }));
      expect(written.status).toBe(200);
      for (const gateway of gateways) expect(await engineOn(gateway)).toBe(engine);
    }
  });

  it('a question (svc-community question cache): a reply through the gateway is read at once from either instance', async () => {
    const call = (method: 'get' | 'post' | 'put', path: string, body?: object) => checked(request(writer(0).server)[method](`/api${path}`).set(AUTH_HEADER, admin).send(body));
    const created = await call('post', '/qna', { topic: 'sql', title: 'Kept on both instances?', description: 'Each instance of svc-community keeps its detail.' });
    if (created.status !== 201) throw new Error(`POST /qna answered ${created.status}: ${created.text}`);
    const id = (created.body as QnaQuestion)._id;
    const replies = async () => ((await call('get', `/qna/${id}`)).body as QnaQuestion).replies.length;
    for (let round = 1; round <= 3; round += 1) {
      // Reads alternate between the two instances (one queue group): after 8, both keep the detail (all but 1 time in 128).
      for (let read = 0; read < 8; read += 1) expect(await replies()).toBe(round - 1);
      const replied = await call('put', `/qna/${id}`, { reply: { reply: `Reply number ${round}, long enough to count.` } });
      if (replied.status !== 200) throw new Error(`PUT /qna answered ${replied.status}: ${replied.text}`);
      for (let read = 0; read < 8; read += 1) expect(await replies()).toBe(round);
    }
  });
});
