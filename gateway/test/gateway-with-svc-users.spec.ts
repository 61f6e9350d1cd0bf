import { AUTH_HEADER, EMAIL_TAKEN_MESSAGE, INVALID_CREDENTIALS_MESSAGE } from '@dblearn/contracts';
import { LAB_ENGINE_MESSAGE } from '@dblearn/contracts/dto';
import { NOTHING_TO_UPDATE_MESSAGE } from '../src/users/users.service.js';
import { startTestInfra, SvcUsersProcess, type TestInfra, uniqueDatabaseName } from '@dblearn/testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { JwtService } from '@nestjs/jwt';
import request from 'supertest';
import { checked, eventually, startGateway, TEST_JWT_SECRET, type TestGateway } from './support/gateway.js';
import { startHealthResponder } from './support/health-responder.js';

/*
 * The "Bad input gets a clear answer and changes nothing", end to end: the gateway in
 * process, the real svc-users as a child process, a real MongoDB-protocol server and a real NATS.
 * The gateway keeps its default NATS timeout (2 s), as `npm start` runs it.
 */

let infra: TestInfra;
let svcUsers: SvcUsersProcess;
let community: { close(): Promise<void> };
let content: { close(): Promise<void> };
let gateway: TestGateway;
let counter = 0;

function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}${counter}.${Date.now()}@example.com`;
}

function api() {
  return request(gateway.server);
}

async function register(email = uniqueEmail('learner'), password = 'secret-password') {
  const response = await checked(api().post('/api/users').send({ email, password, skill: 'beginner' }));
  expect(response.status).toBe(201);
  return { email, password, token: String(response.headers[AUTH_HEADER]), user: response.body as Record<string, unknown> };
}

async function usersServiceIsUp(): Promise<boolean> {
  return (await api().get('/api/health')).body.services?.users === 'up';
}

beforeAll(async () => {
  infra = await startTestInfra({ mongo: true, nats: true });
  // Each with its own bus credentials, as `npm start` runs them: the permission table must suffice.
  svcUsers = new SvcUsersProcess({ MONGO_URL: infra.mongoUrl, MONGO_DB: uniqueDatabaseName('gateway_users'), NATS_URL: infra.natsUrlAs('svc-users') });
  svcUsers.start();
  // /health asks every routed service: content and community stand-ins that are always up leave it to svc-users.
  content = await startHealthResponder(infra.natsUrlAs('svc-content'), 'content');
  community = await startHealthResponder(infra.natsUrlAs('svc-community'), 'community');
  gateway = await startGateway({ NATS_URL: infra.natsUrlAs('gateway') });
  try {
    await eventually(usersServiceIsUp, 30_000, 'svc-users answers /health');
  } catch (error) {
    throw new Error(`${(error as Error).message}\nsvc-users said:\n${svcUsers.recentOutput()}`);
  }
}, 60_000);

afterAll(async () => {
  await gateway?.close();
  await svcUsers?.stop();
  await community?.close();
  await content?.close();
  await infra?.stop();
});

describe('accounts through the gateway and svc-users', () => {
  it('registers and signs in at once: the x-auth-token header works on /users/me', async () => {
    const email = uniqueEmail('Grace');
    const response = await checked(api().post('/api/users').send({ email, password: 'secret-password', skill: 'professional' }));
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ _id: expect.stringMatching(/^[0-9a-f]{24}$/), email: email.toLowerCase(), displayName: expect.stringMatching(/^learner-\d{4}$/), skill: 'professional', isAdmin: false });

    const me = await checked(api().get('/api/users/me').set(AUTH_HEADER, String(response.headers[AUTH_HEADER])));
    expect(me.status).toBe(200);
    expect(me.body).toEqual({ ...response.body, savedQuestion: [], finishedProject: [], readTutorial: [], labEngine: 'postgres' });
  });

  it('logs in with the token as a text/plain body', async () => {
    const { email, password, user } = await register(uniqueEmail('login'));
    const response = await checked(api().post('/api/auth').send({ email, password }));
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);

    const me = await checked(api().get('/api/users/me').set(AUTH_HEADER, response.text));
    expect(me.status).toBe(200);
    expect(me.body._id).toBe(user._id);
  });

  it('answers "Invalid email or password." for a wrong password and for an unknown account alike', async () => {
    const { email } = await register(uniqueEmail('careful'));
    for (const body of [{ email, password: 'not-the-password' }, { email: uniqueEmail('nobody'), password: 'not-the-password' }]) {
      const response = await checked(api().post('/api/auth').send(body));
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ statusCode: 400, error: 'Bad Request', message: INVALID_CREDENTIALS_MESSAGE });
    }
  });
});

describe('bad input gets a clear answer and changes nothing', () => {
  it('refuses a taken e-mail in any letter case, and the first account keeps its password', async () => {
    const { email, password } = await register(uniqueEmail('owner'));
    for (const variant of [email, email.toUpperCase(), email.replace(/^./, (first) => first.toUpperCase())]) {
      const response = await checked(api().post('/api/users').send({ email: variant, password: 'takeover-password', skill: 'beginner' }));
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ statusCode: 400, error: 'Bad Request', message: EMAIL_TAKEN_MESSAGE });
    }
    expect((await checked(api().post('/api/auth').send({ email, password }))).status).toBe(200);
    expect((await checked(api().post('/api/auth').send({ email, password: 'takeover-password' }))).status).toBe(400);
  });

  it('refuses {"email": {"$gt": ""}} on sign-up and login', async () => {
    await register(uniqueEmail('target'));
    const signUp = await checked(api().post('/api/users').send({ email: { $gt: '' }, password: 'secret-password', skill: 'beginner' }));
    expect(signUp.status).toBe(400);
    expect(signUp.body).toEqual({ statusCode: 400, error: 'Bad Request', message: ['E-mail must be text.'] });

    const login = await checked(api().post('/api/auth').send({ email: { $gt: '' }, password: { $gt: '' } }));
    expect(login.status).toBe(400);
    expect(login.body.message).toEqual(['E-mail must be text.', 'Password must be text.']);
  });

  it('refuses an unknown field rather than storing it', async () => {
    const email = uniqueEmail('sneaky');
    const response = await checked(api().post('/api/users').send({ email, password: 'secret-password', skill: 'beginner', isAdmin: true }));
    expect(response.status).toBe(400);
    expect(response.body.message).toEqual(['The field "isAdmin" is not allowed.']);
    // Nothing was created: the same e-mail can still register, and not as an admin.
    expect((await register(email)).user.isAdmin).toBe(false);
  });

  it('answers 413 for a 200 kB body', async () => {
    const body = JSON.stringify({ email: uniqueEmail('big'), password: 'p'.repeat(200 * 1024), skill: 'beginner' });
    const response = await checked(api().post('/api/users').set('Content-Type', 'application/json').send(body));
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ statusCode: 413, error: 'Payload Too Large', message: 'The request body is larger than 100 kB.' });
  });

  it('answers 429 within 20 quick wrong logins for one account', async () => {
    const { email } = await register(uniqueEmail('victim'));
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 20; attempt += 1) {
      statuses.push((await checked(api().post('/api/auth').send({ email, password: `guess-number-${attempt}` }))).status);
    }
    expect(statuses).toContain(429);
    expect(statuses.filter((status) => status !== 400 && status !== 429)).toEqual([]);
  });

  describe('/users/me without a valid token', () => {
    const jwt = new JwtService({ secret: TEST_JWT_SECRET });
    const claims = { _id: '665f1c2a9b1e8a3d4c5b6a79', email: 'ada@example.com', skill: 'beginner', isAdmin: false };

    it.each([
      ['no token', undefined],
      ['a garbage token', 'garbage'],
      ['an expired token', jwt.sign({ ...claims, iat: Math.floor(Date.now() / 1000) - 7200 }, { expiresIn: 3600 })],
      ['a token signed with another secret', jwt.sign(claims, { secret: 'not-the-gateway-secret-0123456789abcdef' })],
    ])('answers 401 with %s', async (_case, token) => {
      const call = api().get('/api/users/me');
      const response = await checked(token === undefined ? call : call.set(AUTH_HEADER, token));
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ statusCode: 401, error: 'Unauthorized', message: expect.any(String) });
    });

    it('answers 401 for a well-signed token whose account does not exist', async () => {
      const response = await checked(api().get('/api/users/me').set(AUTH_HEADER, jwt.sign(claims, { expiresIn: '1h' })));
      expect(response.status).toBe(401);
      expect(response.body.message).toBe('Your account no longer exists. Sign in again.');
    });
  });
});

describe('PATCH /users/me: the lab engine (issue 32)', () => {
  it('answers postgres until chosen, keeps the choice, and refuses anything else with 400 changing nothing', async () => {
    const { token } = await register(uniqueEmail('engine'));
    const me = () => checked(api().get('/api/users/me').set(AUTH_HEADER, token));
    const patch = (body: unknown) => checked(api().patch('/api/users/me').set(AUTH_HEADER, token).send(body as object));
    expect((await me()).body.labEngine).toBe('postgres');

    const chosen = await patch({ labEngine: 'sqlite' });
    expect([chosen.status, chosen.body.labEngine]).toEqual([200, 'sqlite']);
    expect((await me()).body.labEngine).toBe('sqlite');

    for (const body of [{ labEngine: 'mysql' }, { labEngine: 1 }, { labEngine: null }, { labEngine: 'sqlite', extra: true }]) {
      const refused = await patch(body);
      expect({ body, status: refused.status }).toEqual({ body, status: 400 });
    }
    expect((await patch({ labEngine: 'oracle' })).body.message).toEqual([LAB_ENGINE_MESSAGE]);
    expect((await patch({})).body).toMatchObject({ statusCode: 400, message: NOTHING_TO_UPDATE_MESSAGE });
    expect((await me()).body.labEngine).toBe('sqlite');

    const both = await patch({ displayName: 'Engine Chooser', labEngine: 'postgres' });
    expect([both.status, both.body.displayName, both.body.labEngine]).toEqual([200, 'Engine Chooser', 'postgres']);
    expect((await checked(api().patch('/api/users/me').send({ labEngine: 'sqlite' }))).status).toBe(401);
  }, 60_000);
});

describe('with svc-users stopped', () => {
  it('answers 503 on /health and /users/me within 3 s, and works again once it is back, with no gateway restart', async () => {
    const { token, email, password } = await register(uniqueEmail('patient'));
    await svcUsers.stop();

    let started = Date.now();
    const health = await checked(api().get('/api/health'));
    expect(Date.now() - started).toBeLessThan(3000);
    expect(health.status).toBe(503);
    expect(health.body).toEqual({ status: 'unavailable', services: { users: 'down', content: 'up', community: 'up' } });

    started = Date.now();
    const me = await checked(api().get('/api/users/me').set(AUTH_HEADER, token));
    expect(Date.now() - started).toBeLessThan(3000);
    expect(me.status).toBe(503);
    expect(me.body).toEqual({ statusCode: 503, error: 'Service Unavailable', message: 'The users service is unavailable. Try again shortly.' });

    svcUsers.start();
    await eventually(usersServiceIsUp, 30_000, 'svc-users is back');
    expect((await checked(api().get('/api/health'))).body).toEqual({ status: 'ok', services: { users: 'up', content: 'up', community: 'up' } });
    expect((await checked(api().get('/api/users/me').set(AUTH_HEADER, token))).status).toBe(200);
    // Data written before the stop is still there.
    expect((await checked(api().post('/api/auth').send({ email, password }))).status).toBe(200);
  }, 60_000);
});
