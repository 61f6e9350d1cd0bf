import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type IncomingHttpHeaders, type IncomingMessage, request as httpRequest } from 'node:http';
import { type Target, targetPlatform } from './support/platform.js';

/*
 * Issue 30, "fair sharing by account and by address" (findings 5, 6 and low 10), as attackers and
 * classrooms on this machine see the platform. Every probe picks its own loopback source address
 * (127.0.0.x: Linux routes all of 127/8 to this host), so each is a client of its own, as behind
 * its own NAT, and the per-address limits of one probe never touch another.
 */

let target: Target;
let counter = 0;
const email = (prefix: string) => `${prefix}.${Date.now()}.${(counter += 1)}@fair.dblearn.test`;
const PASSWORD = 'fair-password-1';
const RUNAWAY = 'WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n) SELECT count(*) FROM n';
/** svc-users' hash gate: one hash per address at a time and one waiting; a browser tries again. */
const HASH_GATE_BUSY = 'A sign-in from your address or for this account is already under way. Try again in a moment.';

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  body: { message?: unknown; passed?: boolean } & Record<string, unknown>;
}

/** One call from the loopback address `from`, as a client there would make it. */
function call(from: string, path: string, init: { method?: string; json?: unknown; token?: string } = {}): Promise<Answer> {
  const { hostname, port } = new URL(target.url);
  const body = init.json === undefined ? undefined : JSON.stringify(init.json);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      {
        host: hostname,
        port,
        path: `/api${path}`,
        method: init.method ?? (body === undefined ? 'GET' : 'POST'),
        localAddress: from,
        agent: false,
        headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(init.token ? { 'x-auth-token': init.token } : {}) },
        timeout: 30_000,
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => {
          let parsed: Answer['body'] = {};
          try {
            parsed = JSON.parse(text) as Answer['body'];
          } catch {
            // A token is plain text.
          }
          resolve({ status: response.statusCode ?? 0, headers: response.headers, text, body: parsed });
        });
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error(`${path} from ${from} did not answer in 30 s`)));
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** A 429 names the limit in a sentence and says when to retry. */
function expectClearRefusal(answer: Answer, message: RegExp | string): void {
  expect(answer.status).toBe(429);
  if (typeof message === 'string') expect(answer.body.message).toBe(message);
  else expect(answer.body.message).toMatch(message);
  expect(Number(answer.headers['retry-after'])).toBeGreaterThanOrEqual(1);
}

/** Signs up from `from` (a 503 or the hash gate's 429 tried again a few times, as a person would). */
async function register(from: string, address = email('learner')): Promise<{ email: string; token: string }> {
  for (let attempt = 0; ; attempt += 1) {
    const answer = await call(from, '/users', { json: { email: address, password: PASSWORD, skill: 'beginner' } });
    const busy = answer.status === 503 || answer.body.message === HASH_GATE_BUSY;
    if (!busy || attempt === 20) {
      expect({ status: answer.status, message: answer.body.message }).toMatchObject({ status: 201 });
      return { email: address, token: String(answer.headers['x-auth-token']) };
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** Logs in from `from` as a browser does: the hash gate's "already under way" is tried again. */
async function logIn(from: string, address: string, password = PASSWORD): Promise<Answer> {
  for (let attempt = 0; ; attempt += 1) {
    const answer = await call(from, '/auth', { json: { email: address, password } });
    if (answer.body.message !== HASH_GATE_BUSY || attempt === 100) return answer;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Runs `work` over `items`, `width` at a time. */
async function inTurns<T, R>(items: readonly T[], width: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += width) results.push(...(await Promise.all(items.slice(i, i + width).map((item, j) => work(item, i + j)))));
  return results;
}

beforeAll(async () => {
  target = await targetPlatform();
}, 240_000);

afterAll(async () => {
  await target?.stop();
});

describe('attempts in flight per address (finding 5)', () => {
  it("keeps another learner's correct attempts fast while ten accounts from one address each keep two runaways going", async () => {
    if (!target.admin) return console.warn('SECURITY_ADMIN_EMAIL/SECURITY_ADMIN_PASSWORD not set: attempts probe skipped');
    const ADMIN_AT = '127.0.0.20';
    const FLOODERS_AT = '127.0.0.21';
    const VICTIM_AT = '127.0.0.22';
    const admin = (await logIn(ADMIN_AT, target.admin.email, target.admin.password)).text;
    const asAdmin = (path: string, json: unknown, method = 'POST') => call(ADMIN_AT, path, { json, method, token: admin });
    const course = (await asAdmin('/course', { topic: 'sql', name: 'Fair sharing lab', teacher: 'Probe Teacher', length: '1 hour' })).body as { _id: string };
    expect((await asAdmin(`/course/sandbox/${course._id}`, { kind: 'sql', source: 'CREATE TABLE t (n INTEGER);\nINSERT INTO t VALUES (1), (2);' }, 'PUT')).status).toBe(200);
    const project = (await asAdmin('/project', { title: 'Fair sharing project', difficulty: 'beginner', courseId: course._id })).body as { _id: string };
    const checked = await asAdmin(`/project/check/${project._id}`, { task: 'List every n of t.', referenceSql: 'SELECT n FROM t' }, 'PUT');
    expect(checked.status).toBe(200);
    const checkId = (checked.body as unknown as { checks: { _id: string }[] }).checks[0]!._id;
    const attempt = (from: string, token: string, sql: string) => call(from, `/project/${project._id}/attempts`, { json: { checkId, sql }, token });

    // Ten accounts made from one address: exactly what its sign-up limit allows in a minute.
    const flooders = await inTurns(Array.from({ length: 10 }), 2, () => register(FLOODERS_AT));
    const victim = await register(VICTIM_AT);
    const stop = { done: false };
    const refusals: Answer[] = [];
    let stoppedAtLimit = 0;
    const keepTwoGoing = (token: string) =>
      Promise.all(
        [0, 1].map(async () => {
          while (!stop.done) {
            const answer = await attempt(FLOODERS_AT, token, RUNAWAY);
            if (answer.status === 429) {
              // As told (at most 5 s, to stay in the fight): an impatient client only adds 429s.
              refusals.push(answer);
              await new Promise((resolve) => setTimeout(resolve, Math.min(5, Number(answer.headers['retry-after']) || 1) * 1_000));
            } else if (answer.body.passed === false) stoppedAtLimit += 1;
          }
        }),
      );
    const flood = flooders.map(({ token }) => keepTwoGoing(token));
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const times: number[] = [];
    try {
      for (let round = 0; round < 20; round += 1) {
        const started = Date.now();
        const answer = await attempt(VICTIM_AT, victim.token, 'SELECT n FROM t');
        times.push(Date.now() - started);
        expect({ status: answer.status, passed: answer.body.passed }).toEqual({ status: 200, passed: true });
      }
    } finally {
      stop.done = true;
      await Promise.all(flood);
    }
    // The first is logged apart: it spikes most often (the victim's first pass stores it, a write and
    // its event, and it is the first on this check for the service's caches and the workers).
    const [first] = times;
    const rest = times.slice(1).sort((a, b) => a - b);
    times.sort((a, b) => a - b);
    console.log(
      `beside ten flooding accounts on one address: victim p50 ${times[9]} ms, p99 ${times[19]} ms (first ${first} ms; the other 19 at most ${rest.at(-1)} ms); ` +
        `${stoppedAtLimit} runaways stopped, ${refusals.length} refused`,
    );
    // Generous for a busy machine; the bench holds the 200 ms target.
    expect(times[9]).toBeLessThan(1_000);
    expect(stoppedAtLimit).toBeGreaterThan(0);
    expect(refusals.length).toBeGreaterThan(0);
    // The address as a whole was held to its share, and told so.
    expectClearRefusal(refusals.find((answer) => String(answer.body.message).startsWith('Your network address'))!, 'Your network address already has 4 attempts running, all its accounts together. Wait for one to finish.');
  }, 180_000);
});

describe('sign-ups per address (finding 5)', () => {
  it('makes at most 10 accounts a minute from one address, then answers a clear 429', async () => {
    const FROM = '127.0.0.30';
    await inTurns(Array.from({ length: 10 }), 2, () => register(FROM));
    const refused = await call(FROM, '/users', { json: { email: email('eleventh'), password: PASSWORD, skill: 'beginner' } });
    expectClearRefusal(refused, /^Too many accounts made from your network address \(10 a minute\)\. Try again in \d+ seconds?\.$/);
    // Another address signs up as usual.
    await register('127.0.0.31');
  }, 120_000);
});

describe('logins: one address, many fates (finding 6)', () => {
  const SCHOOL = '127.0.0.40';
  let classroom: string[] = [];

  beforeAll(async () => {
    // Sixty learners who signed up at home (each from an address of their own), with a class ahead.
    classroom = (await inTurns(Array.from({ length: 60 }), 4, (_, i) => register(`127.0.1.${i + 1}`))).map((account) => account.email);
  }, 300_000);

  it("lets one account's flood of correct logins block only itself", async () => {
    const [flooder, other] = classroom as [string, string];
    const statuses: number[] = [];
    let lastRefusal: Answer | undefined;
    for (let i = 0; i < 40; i += 1) {
      const answer = await logIn(SCHOOL, flooder);
      statuses.push(answer.status);
      if (answer.status === 429) lastRefusal = answer;
    }
    expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(20);
    expectClearRefusal(lastRefusal!, /^Too many sign-ins for this account \(20 a minute\)\. Try again in \d+ seconds?\.$/);
    // Classmates behind the same address, and the flooder's own account elsewhere, are not touched.
    for (let i = 0; i < 5; i += 1) expect((await logIn(SCHOOL, other)).status).toBe(200);
    expect((await logIn('127.0.0.41', flooder)).status).toBe(200);
  }, 120_000);

  it('logs a class of 60 in from one address, and a few mistyping lock out only their own accounts', async () => {
    const mistypers = classroom.slice(2, 5);
    for (const account of mistypers) {
      const statuses: number[] = [];
      for (let i = 0; i < 11; i += 1) statuses.push((await logIn(SCHOOL, account, 'wrong-password')).status);
      expect(statuses).toEqual([...Array(10).fill(400), 429]);
      expectClearRefusal(await logIn(SCHOOL, account), /^Too many failed sign-ins for this account \(10 a minute\)\. Try again in \d+ seconds?\.$/);
    }
    const started = Date.now();
    // Two at a time: svc-users hashes one login per address with one waiting (a third is told to retry).
    const answers = await inTurns(classroom.slice(5), 2, (account) => logIn(SCHOOL, account));
    console.log(`a class of ${answers.length} logged in from one address in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    expect(answers.map((answer) => answer.status).filter((status) => status !== 200)).toEqual([]);
  }, 240_000);

  it('still stops spraying a password across accounts from one address, and lets in those who signed in from it lately', async () => {
    const SPRAYER = '127.0.0.42';
    const regular = classroom[58]!;
    expect((await logIn(SPRAYER, regular)).status).toBe(200);
    const statuses: number[] = [];
    let refusal: Answer | undefined;
    for (let i = 0; i < 25 && !refusal; i += 1) {
      const answer = await logIn(SPRAYER, email('sprayed'), 'Summer2026!');
      statuses.push(answer.status);
      if (answer.status === 429) refusal = answer;
    }
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(400));
    expectClearRefusal(refusal!, /^Sign-ins failed for too many accounts from your network address \(20 in 15 minutes\); accounts that signed in from it lately still can\. Try again in \d+ seconds?\.$/);
    expect((await logIn(SPRAYER, classroom[59]!)).status).toBe(429);
    expect((await logIn(SPRAYER, regular)).status).toBe(200);
  }, 120_000);
});

describe('live streams per address (finding 6)', () => {
  it('refuses streams past 32 from one address (429), and that address still gets its ordinary requests answered', async () => {
    const FROM = '127.0.0.50';
    // Eleven users, six tabs each (their own limit): 66 streams asked for from one address.
    const users = await inTurns(Array.from({ length: 11 }), 4, (_, i) => register(`127.0.2.${i + 1}`));
    const { hostname, port } = new URL(target.url);
    const opened: IncomingMessage[] = [];
    const refusals: Answer[] = [];
    try {
      for (const { token } of users) {
        for (let tab = 0; tab < 6; tab += 1) {
          const response = await new Promise<IncomingMessage>((resolve, reject) => {
            const outgoing = httpRequest({ host: hostname, port, path: '/api/live/qna', localAddress: FROM, agent: false, headers: { 'x-auth-token': token } }, resolve);
            outgoing.on('error', reject);
            outgoing.end();
          });
          if (response.statusCode === 200) {
            opened.push(response);
            response.on('data', () => undefined);
            response.on('error', () => undefined);
          } else {
            let text = '';
            response.setEncoding('utf8');
            response.on('data', (chunk: string) => (text += chunk));
            await new Promise((resolve) => response.on('end', resolve));
            refusals.push({ status: response.statusCode ?? 0, headers: response.headers, text, body: JSON.parse(text) as Answer['body'] });
          }
        }
      }
      expect(opened).toHaveLength(32);
      expect(refusals).toHaveLength(34);
      expectClearRefusal(refusals[0]!, /^Too many live pages open from your network address \(at most 32 by default, all its users together\)/);
      // The address's ordinary requests, several at once, are answered (before: every one was reset;
      // a 503 is an answer too, from a service slow on a busy machine).
      const health = await Promise.all(Array.from({ length: 8 }, () => call(FROM, '/health')));
      for (const answer of health) expect([200, 503]).toContain(answer.status);
      expect((await call(FROM, '/users/me', { token: users[0]!.token })).status).toBe(200);
    } finally {
      for (const response of opened) response.destroy();
    }
  }, 180_000);
});

describe('searches per learner (low 10)', () => {
  it("refuses one account's flood of searches (429) and answers another learner's", async () => {
    const FROM = '127.0.0.60';
    const [flooder, other] = [await register(FROM), await register(FROM)];
    let refusal: Answer | undefined;
    let answered = 0;
    for (let i = 0; i < 200 && !refusal; i += 1) {
      const answer = await call(FROM, '/search?q=join', { token: flooder.token });
      if (answer.status === 429) refusal = answer;
      else answered += 1;
    }
    expect(answered).toBe(120);
    expectClearRefusal(refusal!, /^Too many searches in a minute\. Try again in \d+ seconds?\.$/);
    expect((await call(FROM, '/search?q=join', { token: other.token })).status).toBe(200);
  }, 120_000);
});
