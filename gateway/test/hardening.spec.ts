import { AUTH_HEADER, HTTP_SERVER_LIMITS, ILL_FORMED_TEXT_MESSAGE, MAX_ERROR_MESSAGES } from '@dblearn/contracts';
import { startTestInfra, SvcUsersProcess, type TestInfra, uniqueDatabaseName } from '@dblearn/testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { JwtService } from '@nestjs/jwt';
import mongoose from 'mongoose';
import { connect as tcpConnect } from 'node:net';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { checked, eventually, startGateway, TEST_JWT_SECRET, type TestGateway, untilUsersServiceAnswers } from './support/gateway.js';
import { runGrantAdmin } from './support/grant-admin.js';


/*
 * Issue 6 against the real gateway and the real svc-users (child process), real FerretDB and NATS,
 * each on the bus as its own user. Requests come from this process (127.0.0.1, named as the trusted
 * proxy's address), so X-Forwarded-For stands for the client address that proxy wrote.
 */

const ADMIN = { email: 'admin@hardening.dblearn.test', password: 'hardening-admin-password' };
let infra: TestInfra;
let svcUsers: SvcUsersProcess;
let gateway: TestGateway;
let db: mongoose.Connection;
const mongoDb = uniqueDatabaseName('gateway_hardening');
let counter = 0;

const api = () => request(gateway.server);
const uniqueEmail = (prefix: string) => `${prefix}${(counter += 1)}.${Date.now()}@example.com`;

async function register(xff = '192.0.2.1') {
  const account = { email: uniqueEmail('hard'), password: 'secret-password' };
  const response = await checked(api().post('/api/users').set('X-Forwarded-For', xff).send({ ...account, skill: 'beginner' }));
  expect(response.status).toBe(201);
  return { ...account, id: String(response.body._id), token: String(response.headers[AUTH_HEADER]) };
}

beforeAll(async () => {
  infra = await startTestInfra({ mongo: true, nats: true });
  svcUsers = new SvcUsersProcess({
    MONGO_URL: infra.mongoUrl,
    MONGO_DB: mongoDb,
    NATS_URL: infra.natsUrlAs('svc-users'),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    // Real cost, so a burst overloads two cores as it would in production.
    PASSWORD_HASH_COST: String(2 ** 14),
  });
  svcUsers.start();
  // As behind a proxy at 127.0.0.1 (production's nginx): X-Forwarded-For stands for the client address it wrote.
  gateway = await startGateway({ NATS_URL: infra.natsUrlAs('gateway'), REGISTER_RATE_LIMIT: '1000', TRUST_PROXY: '127.0.0.1,::ffff:127.0.0.1' });
  db = await mongoose.createConnection(infra.mongoUrl, { dbName: mongoDb }).asPromise();
  // Only svc-users runs here: /health reports the others down, which is fine.
  await untilUsersServiceAnswers(gateway, svcUsers);
}, 60_000);

afterAll(async () => {
  await db?.close();
  await gateway?.close();
  await svcUsers?.stop();
  await infra?.stop();
});

describe('logins under attack', () => {
  it('keys the per-account limit on the address the edge wrote, not on what the client forged before it', async () => {
    const { email } = await register();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      // 10.0.0.7 is a private address the old rules trusted as a proxy, so they read the forged entry before it.
      const forged = `203.0.113.${i + 1}, 10.0.0.7`;
      statuses.push((await api().post('/api/auth').set('X-Forwarded-For', forged).send({ email, password: 'wrong-password' })).status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses.slice(10)).toEqual([429, 429]);
  }, 30_000);

  it('ignores X-Forwarded-For altogether when no proxy is named (npm start: the gateway is the edge)', async () => {
    const { email } = await register();
    const direct = await startGateway({ NATS_URL: infra.natsUrlAs('gateway') });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 12; i += 1) {
        statuses.push((await request(direct.server).post('/api/auth').set('X-Forwarded-For', `203.0.113.${i + 1}`).send({ email, password: 'wrong-password' })).status);
      }
      expect(statuses.slice(10)).toEqual([429, 429]);
    } finally {
      await direct.close();
    }
  }, 30_000);

  it('limits failed logins per address across accounts (spraying)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 25; i += 1) {
      statuses.push((await api().post('/api/auth').set('X-Forwarded-For', '198.51.100.8').send({ email: uniqueEmail('spray'), password: 'Summer2026!' })).status);
    }
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(400));
    expect(statuses.slice(20)).toEqual(Array(5).fill(429));
  }, 60_000);

  it('refuses a burst of hashes quickly instead of queueing it, and a real user signs in right after', async () => {
    const { email, password } = await register();
    const startedAt = Date.now();
    const burst = await Promise.all(
      Array.from({ length: 30 }, (_, i) => {
        const sent = Date.now();
        return api()
          .post('/api/auth')
          .set('X-Forwarded-For', `198.51.100.${100 + i}`)
          .send({ email, password: 'wrong-password' })
          .then((response) => ({ status: response.status, ms: Date.now() - sent }));
      }),
    );
    // One account: one hash at a time and one waiting (issue 17), the rest refused at once (429).
    const refused = burst.filter((answer) => answer.status === 429 || answer.status === 503);
    expect(refused.length).toBeGreaterThan(0);
    expect(burst.every((answer) => [400, 429, 503].includes(answer.status))).toBe(true);
    // Nothing waits for seconds: every answer within the gateway's 2 s bound (plus slack for a loaded machine).
    expect(Math.max(...burst.map((answer) => answer.ms))).toBeLessThan(3_500);
    expect(Date.now() - startedAt).toBeLessThan(4_000);
    expect((await api().post('/api/auth').set('X-Forwarded-For', '192.0.2.9').send({ email, password })).status).toBe(200);
  }, 30_000);
});

describe('logins cannot be starved (issue 17, finding 3)', () => {
  it('keeps logging others in while one learner sends six correct logins at a time, again and again', async () => {
    const attacker = await register('192.0.2.20');
    const victim = await register('192.0.2.21');
    let flooding = true;
    const floodStatuses: number[] = [];
    const flood = (async () => {
      while (flooding) {
        const round = await Promise.all(
          Array.from({ length: 6 }, () => api().post('/api/auth').set('X-Forwarded-For', '192.0.2.20').send({ email: attacker.email, password: attacker.password })),
        );
        floodStatuses.push(...round.map((response) => response.status));
      }
    })();
    const victimStatuses: number[] = [];
    try {
      for (let i = 0; i < 5; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        victimStatuses.push((await api().post('/api/auth').set('X-Forwarded-For', '192.0.2.21').send({ email: victim.email, password: victim.password })).status);
      }
    } finally {
      flooding = false;
      await flood;
    }
    expect(victimStatuses).toEqual([200, 200, 200, 200, 200]);
    // The flood itself was held to its share: one hash at a time, the rest refused (429), never 503 for others.
    expect(floodStatuses).toContain(429);
  }, 60_000);

  it('limits every login of an account from one address, successful or not', async () => {
    const account = await register('192.0.2.22');
    const statuses: number[] = [];
    for (let i = 0; i < 22; i += 1) {
      statuses.push((await api().post('/api/auth').set('X-Forwarded-For', '192.0.2.22').send({ email: account.email, password: account.password })).status);
    }
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(200));
    expect(statuses.slice(20)).toEqual([429, 429]);
  }, 60_000);
});

describe('a 503 means nothing was written', () => {
  it('registers a burst of accounts: every 201 exists, no 503 does', async () => {
    const emails = Array.from({ length: 40 }, () => uniqueEmail('burst'));
    const answers = await Promise.all(
      emails.map((email, i) =>
        api()
          .post('/api/users')
          .set('X-Forwarded-For', `198.51.101.${i + 1}`)
          .send({ email, password: 'secret-password', skill: 'beginner' })
          .then((response) => ({ email, status: response.status })),
      ),
    );
    expect(answers.some((answer) => answer.status === 503)).toBe(true);
    expect(answers.every((answer) => answer.status === 201 || answer.status === 503)).toBe(true);
    // Let anything still running inside svc-users finish before looking.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    for (const { email, status } of answers) {
      expect({ email, stored: await db.collection('users').countDocuments({ email }) }).toEqual({ email, stored: status === 201 ? 1 : 0 });
    }
  }, 60_000);
});

describe('tokens and responses', () => {
  const jwt = new JwtService({ secret: TEST_JWT_SECRET });

  it('refuses a token without exp, and one issued longer ago than JWT_MAX_AGE', async () => {
    const { id, email } = await register();
    const claims = { _id: id, email, skill: 'beginner', isAdmin: false };
    const eightDaysAgo = Math.floor(Date.now() / 1000) - 8 * 86_400;
    for (const token of [jwt.sign(claims), jwt.sign({ ...claims, iat: eightDaysAgo }, { expiresIn: '30d' })]) {
      const response = await checked(api().get('/api/users/me').set(AUTH_HEADER, token));
      expect(response.status).toBe(401);
    }
    expect((await api().get('/api/users/me').set(AUTH_HEADER, jwt.sign(claims, { expiresIn: '1h' }))).status).toBe(200);
  });

  it('takes admin rights from the account: an admin revoked with grant-admin loses them within a second', async () => {
    const owner = await register();
    const login = await checked(api().post('/api/auth').set('X-Forwarded-For', '192.0.2.10').send(ADMIN));
    const adminToken = login.text;
    const actOnOwner = () => api().post(`/api/users/tutorial/${owner.id}`).set(AUTH_HEADER, adminToken).send({ id: '6560f0c2a1b2c3d4e5f60718' });
    // Allowed (then svc-content, absent here, answers 503 or the tutorial is unknown): not a 403.
    expect((await actOnOwner()).status).not.toBe(403);
    const revoked = await runGrantAdmin([ADMIN.email, '--revoke'], { MONGO_URL: infra.mongoUrl, MONGO_DB: mongoDb, NATS_URL: infra.natsUrlAs('svc-users') });
    expect(revoked).toEqual({ code: 0, out: `${ADMIN.email} is no longer an admin.` });
    await eventually(async () => (await actOnOwner()).status === 403, 1_000, 'the revoked admin gets 403');
  });

  it('sends Cache-Control: no-store with every token and profile', async () => {
    const { email, password, token } = await register();
    const answers = [
      await api().post('/api/users').send({ email: uniqueEmail('cache'), password, skill: 'beginner' }),
      await api().post('/api/auth').set('X-Forwarded-For', '192.0.2.11').send({ email, password }),
      await api().get('/api/users/me').set(AUTH_HEADER, token),
    ];
    for (const answer of answers) expect(answer.headers['cache-control']).toBe('no-store');
  });
});

describe('bad input costs little', () => {
  it('answers 400 to deeply nested JSON, before validation', async () => {
    const body = `${'['.repeat(45_000)}${']'.repeat(45_000)}`;
    const response = await checked(api().post('/api/auth').set('Content-Type', 'application/json').send(body));
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/nested more than \d+ levels deep/);
  });

  describe('refuses text that is not well-formed Unicode with a clear 400, on every route (issue 17 #9)', () => {
    const lone = 'ab\ud800c@example.org';
    it.each([
      ['POST /users (the reported 500)', () => api().post('/api/users').send({ email: lone, password: 'secret-password', skill: 'beginner' })],
      ['POST /auth, in the password', () => api().post('/api/auth').send({ email: 'ada@example.com', password: 'secret\udc00' })],
      ['POST /qna, in a key', () => api().post('/api/qna').send({ topic: 'sql', title: 'A title long enough', description: 'A description', ['x\ud800']: 1 })],
      ['PUT /course/{id}, deep in an array', () => api().put('/api/course/6560f0c2a1b2c3d4e5f60718').send({ content: [{ detail: ['ok', '\udfff'] }] })],
      ['POST /project/{id}/attempts, in the query', () => api().post('/api/project/6560f0c2a1b2c3d4e5f60718/attempts').send({ checkId: '6560f0c2a1b2c3d4e5f60719', sql: "SELECT '\ud800'" })],
    ])('%s', async (_route, send) => {
      const response = await checked(send());
      expect([response.status, response.body.message]).toEqual([400, ILL_FORMED_TEXT_MESSAGE]);
    });

    it('answers 400, never 500, to a path or query value that does not decode to whole characters', async () => {
      expect((await checked(api().get('/api/course/%ED%A0%80'))).status).toBe(400);
      expect((await checked(api().get('/api/course?topic=%ED%A0%80'))).status).not.toBe(500);
      // Nothing was registered under the broken address.
      expect(await db.collection('users').countDocuments({ email: /^ab/ })).toBe(0);
    });
  });

  it('caps the list of errors', async () => {
    const body = Object.fromEntries(Array.from({ length: 9_000 }, (_, i) => [`k${i}`, 1]));
    const response = await checked(api().post('/api/auth').send(body));
    expect(response.status).toBe(400);
    expect(response.body.message).toHaveLength(MAX_ERROR_MESSAGES + 1);
    expect(response.body.message.at(-1)).toMatch(/more problems\.$/);
    expect(response.text.length).toBeLessThan(4_000);
  });

  it('says in words that a compressed body is broken', async () => {
    const response = await checked(api().post('/api/auth').set('Content-Type', 'application/json').set('Content-Encoding', 'gzip').send('not gzip at all'));
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('The request body is not valid gzip or deflate data, as its Content-Encoding says it is.');
  });

  it('closes a connection that drips its request', async () => {
    expect(gateway.server).toMatchObject({
      headersTimeout: HTTP_SERVER_LIMITS.headersTimeoutMs,
      requestTimeout: HTTP_SERVER_LIMITS.requestTimeoutMs,
      keepAliveTimeout: HTTP_SERVER_LIMITS.keepAliveTimeoutMs,
      maxConnections: HTTP_SERVER_LIMITS.maxConnections,
      connectionsCheckingInterval: HTTP_SERVER_LIMITS.connectionsCheckingIntervalMs,
    });
    if (!gateway.server.listening) gateway.server.listen(0, '127.0.0.1');
    const { port } = gateway.server.address() as AddressInfo;
    const socket = tcpConnect(port, '127.0.0.1');
    const openedAt = Date.now();
    socket.on('connect', () => socket.write('POST /api/auth HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: '));
    const closedAfter = await new Promise<number>((resolve) => {
      socket.on('close', () => resolve(Date.now() - openedAt));
      socket.on('error', () => undefined);
    });
    expect(closedAfter).toBeLessThan(HTTP_SERVER_LIMITS.idleTimeoutMs + 3_000);
  }, 20_000);
});

describe('CORS', () => {
  it('answers only DBLearn’s own origins', async () => {
    const evil = await api().options('/api/auth').set('Origin', 'http://evil.example').set('Access-Control-Request-Method', 'POST');
    expect(evil.headers['access-control-allow-origin']).toBeUndefined();
    const shell = await api().options('/api/auth').set('Origin', 'http://localhost:8080').set('Access-Control-Request-Method', 'POST');
    expect(shell.headers['access-control-allow-origin']).toBe('http://localhost:8080');
  });
});
