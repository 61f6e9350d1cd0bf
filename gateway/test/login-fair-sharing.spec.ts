import { startTestInfra, SvcUsersProcess, type TestInfra, uniqueDatabaseName } from '@dblearn/testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { checked, startGateway, type TestGateway, untilUsersServiceAnswers } from './support/gateway.js';

/*
 * Issue 30 finding 6 ("one address, one fate") against the real gateway (default login limits) and
 * the real svc-users, real FerretDB and NATS. Requests come from this process, the trusted proxy,
 * so X-Forwarded-For stands for the client's address: SCHOOL is a classroom behind one NAT.
 */

const SCHOOL = '198.51.100.50';
const PASSWORD = 'secret-password';
/** svc-users' hash gate (one hash per address at a time, one waiting): a class's burst meets it; a browser tries again. */
const HASH_GATE_BUSY = 'A sign-in from your address or for this account is already under way. Try again in a moment.';

let infra: TestInfra;
let svcUsers: SvcUsersProcess;
let gateway: TestGateway;
let counter = 0;

const api = () => request(gateway.server);
const uniqueEmail = (prefix: string) => `${prefix}${(counter += 1)}.${Date.now()}@school.example`;

/** Sign-ups from spread addresses (their own limit is not what this suite is about). */
async function register(count: number): Promise<string[]> {
  const emails: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const email = uniqueEmail('learner');
    const response = await checked(api().post('/api/users').set('X-Forwarded-For', `192.0.2.${(counter % 250) + 1}`).send({ email, password: PASSWORD, skill: 'beginner' }));
    expect(response.status).toBe(201);
    emails.push(email);
  }
  return emails;
}

function login(email: string, password = PASSWORD, address = SCHOOL) {
  return checked(api().post('/api/auth').set('X-Forwarded-For', address).send({ email, password }));
}

/** A login as a browser makes it: the hash gate's "already under way" is tried again after its Retry-After. */
async function loginAsBrowser(email: string, address = SCHOOL): Promise<{ status: number; message?: string }> {
  for (;;) {
    const response = await login(email, PASSWORD, address);
    if (response.status !== 429 || response.body.message !== HASH_GATE_BUSY) return { status: response.status, message: response.body?.message };
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

beforeAll(async () => {
  infra = await startTestInfra({ mongo: true, nats: true });
  svcUsers = new SvcUsersProcess({
    MONGO_URL: infra.mongoUrl,
    MONGO_DB: uniqueDatabaseName('gateway_login_fair'),
    NATS_URL: infra.natsUrlAs('svc-users'),
    // Cheap hashes: 60 learners sign up and log in; the gate's fairness does not depend on the cost.
    PASSWORD_HASH_COST: String(2 ** 10),
  });
  svcUsers.start();
  gateway = await startGateway({ NATS_URL: infra.natsUrlAs('gateway'), REGISTER_RATE_LIMIT: '1000', TRUST_PROXY: '127.0.0.1,::ffff:127.0.0.1' });
  await untilUsersServiceAnswers(gateway, svcUsers);
}, 60_000);

afterAll(async () => {
  await gateway?.close();
  await svcUsers?.stop();
  await infra?.stop();
});

describe('a classroom behind one address (issue 30, finding 6)', () => {
  it("never lets one account's flood of correct logins block the class, and 60 learners log in, three of them mistyping until locked out", async () => {
    const [flooder, ...class60] = await register(61);
    // One account floods correct logins: its own limit (20 a minute) stops it, and its refused
    // requests count toward nothing else.
    const flood: number[] = [];
    for (let i = 0; i < 80; i += 1) flood.push((await login(flooder!)).status);
    expect(flood.filter((status) => status === 200).length).toBeLessThanOrEqual(20);
    expect(flood.slice(-50)).toEqual(Array(50).fill(429));
    const refused = await login(flooder!);
    expect(refused.body.message).toMatch(/^Too many sign-ins for this account \(20 a minute\)\. Try again in \d+ seconds?\.$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    // Three learners mistype until their own account is locked; nobody else is touched.
    const mistypers = class60.slice(0, 3);
    for (const email of mistypers) {
      const statuses: number[] = [];
      for (let i = 0; i < 11; i += 1) statuses.push((await login(email, 'wrong-password')).status);
      expect(statuses).toEqual([...Array(10).fill(400), 429]);
      const locked = await login(email);
      expect(locked.body.message).toMatch(/^Too many failed sign-ins for this account \(10 a minute\)\. Try again in \d+ seconds?\.$/);
    }

    // The rest of the class, in groups of three at a time as people click.
    const rest = class60.slice(3);
    const answers: { status: number; message?: string }[] = [];
    for (let i = 0; i < rest.length; i += 3) answers.push(...(await Promise.all(rest.slice(i, i + 3).map((email) => loginAsBrowser(email)))));
    expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);
    // The locked-out accounts still can from home.
    expect((await loginAsBrowser(mistypers[0]!, '203.0.113.77')).status).toBe(200);
  }, 180_000);

  it('still stops one address spraying a password across accounts, and lets in those who signed in from it lately', async () => {
    const SPRAYER = '198.51.100.66';
    const [regular, newcomer] = await register(2);
    expect((await loginAsBrowser(regular!, SPRAYER)).status).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 25; i += 1) statuses.push((await login(uniqueEmail('sprayed'), 'Summer2026!', SPRAYER)).status);
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(400));
    expect(statuses.slice(20)).toEqual(Array(5).fill(429));
    const blocked = await login(newcomer!, PASSWORD, SPRAYER);
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/^Sign-ins failed for too many accounts from your network address \(20 in 15 minutes\); accounts that signed in from it lately still can\. Try again in \d+ seconds?\.$/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);
    expect((await loginAsBrowser(regular!, SPRAYER)).status).toBe(200);
    expect((await loginAsBrowser(newcomer!, '203.0.113.78')).status).toBe(200);
  }, 120_000);
});
