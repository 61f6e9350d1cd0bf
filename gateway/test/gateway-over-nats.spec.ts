import { AUTH_HEADER, EMAIL_TAKEN_MESSAGE, INVALID_CREDENTIALS_MESSAGE, LIMITS, USERS_PATTERNS } from '@dblearn/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { JwtService } from '@nestjs/jwt';
import request from 'supertest';
import { checked, eventually, startGateway, TEST_JWT_SECRET, type TestGateway } from './support/gateway.js';
import { startHealthResponder } from './support/health-responder.js';
import { RestartableNats } from './support/nats.js';
import { ResponderState, startUsersResponder, type UsersResponder } from './support/users-responder.js';

/*
 * The gateway in process against a real nats-server and a stand-in for svc-users (a real Nest
 * microservice on NATS): everything about the HTTP edge and the NATS edge cases, including a
 * service that hangs, crashes, stops, and a NATS that restarts.
 */

const NATS_TIMEOUT_MS = 1000;

let nats: RestartableNats;
let users: UsersResponder;
let state: ResponderState;
let community: { close(): Promise<void> };
let content: { close(): Promise<void> };
/** What the content stand-in answers on content.health. */
let contentHealth: 'ok' | 'database-stuck' = 'ok';
let gateway: TestGateway;
let emailCounter = 0;
const ourJwt = new JwtService({ secret: TEST_JWT_SECRET });

/** A token that names no algorithm at all: it must never be accepted. */
function unsignedToken(payload: object): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part(payload)}.`;
}

function uniqueEmail(prefix = 'learner'): string {
  emailCounter += 1;
  return `${prefix}${emailCounter}.${Date.now()}@example.com`;
}

function api() {
  return request(gateway.server);
}

async function register(email = uniqueEmail(), password = 'secret-password') {
  const response = await checked(api().post('/api/users').send({ email, password, skill: 'beginner' }));
  expect(response.status).toBe(201);
  return { email, password, token: response.headers[AUTH_HEADER] as string, user: response.body as Record<string, unknown> };
}

beforeAll(async () => {
  nats = await RestartableNats.start();
  state = new ResponderState();
  users = await startUsersResponder(nats.url, state);
  // /health asks every routed service: the content and community stand-ins are always up, so users decides.
  content = await startHealthResponder(nats.url, 'content', () => contentHealth);
  community = await startHealthResponder(nats.url, 'community');
  // As behind a proxy at 127.0.0.1: X-Forwarded-For stands for the client address it wrote.
  // Sign-ups are limited per address (10 accounts a minute): this suite makes more than that from 127.0.0.1.
  gateway = await startGateway({ NATS_URL: nats.url, NATS_TIMEOUT_MS: String(NATS_TIMEOUT_MS), TRUST_PROXY: '127.0.0.1,::ffff:127.0.0.1', REGISTER_RATE_LIMIT: '1000' });
  await eventually(async () => (await api().get('/api/health')).body.services?.users === 'up', 10_000, 'the gateway sees the users service');
});

afterAll(async () => {
  await gateway?.close();
  await users?.close();
  await community?.close();
  await content?.close();
  await nats?.stop();
});

beforeEach(() => {
  state.delayMs = 0;
  state.crash = false;
});

describe('registration and sessions', () => {
  it('registers, answers the public user only, and hands over a working token in x-auth-token', async () => {
    const email = uniqueEmail('Ada');
    const response = await checked(api().post('/api/users').send({ email, password: 'secret-password', skill: 'intermediate' }));

    expect(response.status).toBe(201);
    expect(response.body).toEqual({ _id: expect.stringMatching(/^[0-9a-f]{24}$/), email: email.toLowerCase(), displayName: expect.stringMatching(/^learner-\d{4}$/), skill: 'intermediate', isAdmin: false });
    const token = response.headers[AUTH_HEADER];
    expect(typeof token).toBe('string');

    const me = await checked(api().get('/api/users/me').set(AUTH_HEADER, token as string));
    expect(me.status).toBe(200);
    expect(me.body).toEqual({ ...response.body, savedQuestion: [], finishedProject: [], readTutorial: [], labEngine: 'postgres' });
  });

  it('signs exactly the contract claims into the token, with an expiry', async () => {
    const { token, user } = await register();
    const claims = ourJwt.verify<Record<string, unknown>>(token, { algorithms: ['HS256'] });
    expect(Object.keys(claims).sort()).toEqual(['_id', 'email', 'exp', 'iat', 'isAdmin', 'name', 'skill']);
    expect(claims).toMatchObject({ _id: user._id, email: user.email, skill: 'beginner', isAdmin: false, name: user.displayName });
    expect(claims.exp).toBe((claims.iat as number) + 7 * 24 * 3600);
  });

  it('logs in with the token as the text/plain body', async () => {
    const { email, password } = await register();
    const response = await checked(api().post('/api/auth').send({ email: email.toUpperCase(), password }));

    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.text).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect((await checked(api().get('/api/users/me').set(AUTH_HEADER, response.text))).status).toBe(200);
  });

  it('answers the same 400 sentence, as JSON, for a wrong password and an unknown account', async () => {
    const { email } = await register();
    for (const body of [{ email, password: 'wrong-password' }, { email: uniqueEmail('nobody'), password: 'wrong-password' }]) {
      const response = await checked(api().post('/api/auth').send(body));
      expect(response.status).toBe(400);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.body).toEqual({ statusCode: 400, error: 'Bad Request', message: INVALID_CREDENTIALS_MESSAGE });
    }
  });

  it('lets browsers on other origins send and read x-auth-token', async () => {
    const preflight = await api()
      .options('/api/users/me')
      .set('Origin', 'http://localhost:8081')
      .set('Access-Control-Request-Method', 'GET')
      .set('Access-Control-Request-Headers', AUTH_HEADER);
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-headers']).toContain(AUTH_HEADER);

    const response = await api().post('/api/users').set('Origin', 'http://localhost:8081').send({ email: uniqueEmail(), password: 'secret-password', skill: 'beginner' });
    expect(response.status).toBe(201);
    expect(response.headers['access-control-expose-headers']).toContain(AUTH_HEADER);
  });
});

describe('bad input gets a clear answer and changes nothing', () => {
  it('refuses an e-mail that is taken in any letter case', async () => {
    const { email } = await register(uniqueEmail('taken'));
    const response = await checked(api().post('/api/users').send({ email: email.toUpperCase(), password: 'other-password', skill: 'beginner' }));
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ statusCode: 400, error: 'Bad Request', message: EMAIL_TAKEN_MESSAGE });
  });

  it('refuses an object where text belongs, before any service sees it', async () => {
    const callsBefore = state.calls.length;
    for (const [path, rest] of [['/api/users', { skill: 'beginner' }], ['/api/auth', {}]] as const) {
      const response = await checked(api().post(path).send({ email: { $gt: '' }, password: 'secret-password', ...rest }));
      expect(response.status).toBe(400);
      expect(response.body.error).toBe('Bad Request');
      expect(response.body.message).toEqual(['E-mail must be text.']);
    }
    expect(state.calls.slice(callsBefore)).toEqual([]);
  });

  it('refuses unknown fields, naming them, rather than passing them on', async () => {
    const callsBefore = state.calls.length;
    const response = await checked(api().post('/api/users').send({ email: uniqueEmail(), password: 'secret-password', skill: 'beginner', isAdmin: true }));
    expect(response.status).toBe(400);
    expect(response.body.message).toEqual(['The field "isAdmin" is not allowed.']);
    expect(state.calls.slice(callsBefore)).toEqual([]);
  });

  it('lists one readable sentence per broken rule', async () => {
    const response = await checked(api().post('/api/users').send({ email: 'no', password: '1', skill: 'guru' }));
    expect(response.status).toBe(400);
    expect([...(response.body.message as string[])].sort()).toEqual([
      'E-mail must be 5 to 50 characters long.',
      'E-mail must be a valid e-mail address.',
      'Password must be 5 to 255 characters long.',
      'Skill must be one of: Beginner, Intermediate, Professional.',
    ]);
  });

  it('answers 413 for a 200 kB body', async () => {
    const response = await checked(
      api()
        .post('/api/users')
        .set('Content-Type', 'application/json')
        .send(JSON.stringify({ email: uniqueEmail(), password: 'x'.repeat(200 * 1024), skill: 'beginner' })),
    );
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ statusCode: 413, error: 'Payload Too Large', message: 'The request body is larger than 100 kB.' });
  });

  it('answers 400 in the envelope for malformed JSON', async () => {
    const response = await checked(api().post('/api/auth').set('Content-Type', 'application/json').send('{"email": "a@b.c", '));
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ statusCode: 400, error: 'Bad Request', message: 'The request body is not valid JSON.' });
  });

  it('answers 404 in the envelope for an unknown route', async () => {
    const response = await checked(api().get('/api/no-such-thing'));
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ statusCode: 404, error: 'Not Found', message: 'Cannot GET /api/no-such-thing' });
  });

  it('stops repeated wrong logins for one account with 429, without blocking others on the same address', async () => {
    const { email, password } = await register(uniqueEmail('guessed'));
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 20; attempt += 1) {
      statuses.push((await checked(api().post('/api/auth').send({ email, password: `wrong-${attempt}` }))).status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses.slice(10)).toEqual(Array(10).fill(429));

    const blocked = await checked(api().post('/api/auth').send({ email, password }));
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ statusCode: 429, error: 'Too Many Requests', message: expect.stringMatching(/^Too many failed sign-ins for this account \(10 a minute\)\. Try again in \d+ seconds?\.$/) });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);

    const other = await register(uniqueEmail('neighbour'));
    expect((await checked(api().post('/api/auth').send({ email: other.email, password: other.password }))).status).toBe(200);
    // The same account from another client (X-Forwarded-For from the trusted local proxy) is not blocked either.
    const elsewhere = await checked(api().post('/api/auth').set('X-Forwarded-For', '203.0.113.9').send({ email, password }));
    expect(elsewhere.status).toBe(200);
  });

  it('does not count successful logins as tries', async () => {
    const { email, password } = await register(uniqueEmail('regular'));
    for (let attempt = 0; attempt < 15; attempt += 1) {
      expect((await checked(api().post('/api/auth').set('X-Forwarded-For', '203.0.113.10').send({ email, password }))).status).toBe(200);
    }
  });

  it('limits the accounts made per address (10 a minute by default), saying so with Retry-After; refused sign-ups do not count', async () => {
    const defaults = await startGateway({ NATS_URL: nats.url, NATS_TIMEOUT_MS: String(NATS_TIMEOUT_MS), TRUST_PROXY: '127.0.0.1,::ffff:127.0.0.1' });
    try {
      const signUp = (email: string) => checked(request(defaults.server).post('/api/users').set('X-Forwarded-For', '198.51.100.7').send({ email, password: 'secret-password', skill: 'beginner' }));
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 15; attempt += 1) statuses.push((await signUp('no')).status);
      expect(statuses).toEqual(Array(15).fill(400));
      for (let attempt = 0; attempt < 10; attempt += 1) expect((await signUp(uniqueEmail('made'))).status).toBe(201);
      const refused = await signUp(uniqueEmail('one-too-many'));
      expect(refused.status).toBe(429);
      expect(refused.body.message).toMatch(/^Too many accounts made from your network address \(10 a minute\)\. Try again in \d+ seconds?\.$/);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Another address is not touched.
      expect((await checked(request(defaults.server).post('/api/users').set('X-Forwarded-For', '198.51.100.8').send({ email: uniqueEmail('neighbour'), password: 'secret-password', skill: 'beginner' }))).status).toBe(201);
    } finally {
      await defaults.close();
    }
  });
});

describe('tokens', () => {
  const claims = { _id: '665f1c2a9b1e8a3d4c5b6a79', email: 'ada@example.com', skill: 'beginner', isAdmin: false };

  it.each([
    ['no token', undefined, 'Sign in to continue.'],
    ['a garbage token', 'not-a-token', 'Your session is not valid or has expired. Sign in again.'],
    ['an expired token', ourJwt.sign({ ...claims, exp: Math.floor(Date.now() / 1000) - 60 }), 'Your session is not valid or has expired. Sign in again.'],
    ['a token signed with another secret', ourJwt.sign(claims, { secret: 'another-secret-another-secret-another-secret' }), 'Your session is not valid or has expired. Sign in again.'],
    ['an unsigned token (alg none)', unsignedToken(claims), 'Your session is not valid or has expired. Sign in again.'],
    ['a token without the contract claims', ourJwt.sign({ sub: 'someone' }), 'Your session is not valid or has expired. Sign in again.'],
  ])('answers 401 to /users/me with %s', async (_case, token, message) => {
    const call = api().get('/api/users/me');
    const response = await checked(token === undefined ? call : call.set(AUTH_HEADER, token));
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ statusCode: 401, error: 'Unauthorized', message });
  });

  it('answers 401 when the account behind a valid token is gone', async () => {
    const { email, token } = await register(uniqueEmail('gone'));
    state.deleteUser(email);
    const response = await checked(api().get('/api/users/me').set(AUTH_HEADER, token));
    expect(response.status).toBe(401);
    expect(response.body.message).toBe('Your account no longer exists. Sign in again.');
  });
});

describe('when the users service misbehaves', () => {
  it('answers 503 naming the service when it does not answer in time', async () => {
    const { token } = await register();
    state.delayMs = NATS_TIMEOUT_MS + 1000;
    const started = Date.now();
    const response = await checked(api().get('/api/users/me').set(AUTH_HEADER, token));
    expect(response.status).toBe(503);
    expect(response.body).toEqual({ statusCode: 503, error: 'Service Unavailable', message: 'The users service is unavailable. Try again shortly.' });
    // Bounded: the timeout plus a little; a busy CI machine gets some slack.
    expect(Date.now() - started).toBeLessThan(NATS_TIMEOUT_MS + 1000);
  });

  it('answers a bare 500 without its detail when it fails unexpectedly', async () => {
    const { token } = await register();
    state.crash = true;
    const response = await checked(api().get('/api/users/me').set(AUTH_HEADER, token));
    expect(response.status).toBe(500);
    expect(response.body).toEqual({ statusCode: 500, error: 'Internal Server Error', message: 'Something went wrong on our side. Try again later.' });
  });

  it('reports it down on /health within the short health timeout while it hangs', async () => {
    state.delayMs = 5000;
    const started = Date.now();
    const response = await checked(api().get('/api/health'));
    expect(response.status).toBe(503);
    expect(response.body).toEqual({ status: 'unavailable', services: { users: 'down', content: 'up', community: 'up' } });
    expect(Date.now() - started).toBeLessThan(2500);
  });

  it('answers 503 while it is stopped and works again once it is back, without a gateway restart', async () => {
    const { token } = await register();
    await users.close();

    const started = Date.now();
    const health = await checked(api().get('/api/health'));
    const me = await checked(api().get('/api/users/me').set(AUTH_HEADER, token));
    expect(Date.now() - started).toBeLessThan(3000);
    expect(health.status).toBe(503);
    expect(health.body).toEqual({ status: 'unavailable', services: { users: 'down', content: 'up', community: 'up' } });
    expect(me.status).toBe(503);
    expect(me.body.message).toBe('The users service is unavailable. Try again shortly.');

    users = await startUsersResponder(nats.url, state);
    await eventually(async () => (await api().get('/api/health')).status === 200, 5000, '/health is 200 again');
    expect((await checked(api().get('/api/health'))).body).toEqual({ status: 'ok', services: { users: 'up', content: 'up', community: 'up' } });
    expect((await checked(api().get('/api/users/me').set(AUTH_HEADER, token))).status).toBe(200);
  });

  it('answers 503 while NATS is down and recovers on its own once NATS is back', async () => {
    const { token } = await register();
    await nats.down();

    const started = Date.now();
    const me = await checked(api().get('/api/users/me').set(AUTH_HEADER, token));
    const health = await checked(api().get('/api/health'));
    expect(Date.now() - started).toBeLessThan(3000);
    expect(me.status).toBe(503);
    expect(health.status).toBe(503);

    await nats.up();
    await eventually(async () => (await api().get('/api/users/me').set(AUTH_HEADER, token)).status === 200, 15_000, 'the gateway and the service reconnected');
    expect((await checked(api().get('/api/health'))).body.services.users).toBe('up');
  });
});

describe('when a service\'s database answers no read', () => {
  it('names a service whose database answers no read on /health (the launcher restarts the database on it)', async () => {
    contentHealth = 'database-stuck';
    try {
      // The test before took NATS down: every responder must be back on the bus (each reconnects on
      // its own, so no one of them stands for the others) before one is judged.
      const answering = async () => Object.values((await api().get('/api/health')).body?.services ?? { none: 'down' }).every((service) => service !== 'down');
      await eventually(answering, 15_000, 'every responder is back on the bus');
      const response = await checked(api().get('/api/health'));
      expect(response.status).toBe(503);
      expect(response.body).toEqual({ status: 'unavailable', services: { users: 'up', content: 'database-stuck', community: 'up' } });
    } finally {
      contentHealth = 'ok';
    }
  });
});

describe('when NATS is not there yet at start', () => {
  it('starts anyway, answers 503 quickly, and connects once NATS comes up', async () => {
    const lateNats = await RestartableNats.start();
    await lateNats.down();
    const early = await startGateway({ NATS_URL: lateNats.url, NATS_TIMEOUT_MS: String(NATS_TIMEOUT_MS) });
    let lateUsers: UsersResponder | undefined;
    let lateCommunity: { close(): Promise<void> } | undefined;
    let lateContent: { close(): Promise<void> } | undefined;
    try {
      const started = Date.now();
      const health = await checked(request(early.server).get('/api/health'));
      expect(health.status).toBe(503);
      expect(health.body).toEqual({ status: 'unavailable', services: { users: 'down', content: 'down', community: 'down' } });
      const login = await checked(request(early.server).post('/api/auth').send({ email: 'ada@example.com', password: 'secret-password' }));
      expect(login.status).toBe(503);
      expect(Date.now() - started).toBeLessThan(3000);

      await lateNats.up();
      lateUsers = await startUsersResponder(lateNats.url);
      lateCommunity = await startHealthResponder(lateNats.url, 'community');
      lateContent = await startHealthResponder(lateNats.url, 'content');
      await eventually(async () => (await request(early.server).get('/api/health')).status === 200, 10_000, 'the gateway connected to the late NATS');
    } finally {
      await early.close();
      await lateUsers?.close();
      await lateCommunity?.close();
      await lateContent?.close();
      await lateNats.stop();
    }
  });
});

describe('the HTTP edge', () => {
  it('sends security headers and hides the framework', async () => {
    const response = await checked(api().get('/api/health'));
    expect(response.headers['x-powered-by']).toBeUndefined();
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('serves the OpenAPI UI and a document naming every call', async () => {
    const ui = await api().get('/api/docs');
    expect(ui.status).toBe(200);
    expect(ui.headers['content-type']).toMatch(/^text\/html/);
    const document = await api().get('/api/docs-json');
    expect(document.status).toBe(200);
    expect(Object.keys(document.body.paths)).toEqual(
      expect.arrayContaining([
        '/api/auth',
        '/api/health',
        '/api/users',
        '/api/users/me',
        '/api/users/project/{userId}',
        '/api/users/interview/{userId}',
        '/api/users/tutorial/{userId}',
        '/api/qna',
        '/api/qna/reply/{questionId}',
        '/api/qna/{id}',
        '/api/qna/{id}/replies',
      ]),
    );
    expect(document.body.components.schemas.RegisterUserDto.properties.skill.enum).toEqual(['beginner', 'intermediate', 'professional']);
    // Bodies are the contracts' DTOs, described from the rules that validate them.
    const { RegisterUserDto, QnaQuestionDto } = document.body.components.schemas;
    expect(RegisterUserDto).toMatchObject({
      required: ['email', 'password', 'skill'],
      properties: {
        email: { type: 'string', minLength: LIMITS.user.email.min, maxLength: LIMITS.user.email.max, description: expect.any(String) },
        password: { type: 'string', minLength: LIMITS.user.password.min, maxLength: LIMITS.user.password.max },
      },
    });
    expect(Object.keys(QnaQuestionDto.properties)).toEqual(expect.arrayContaining(['title', 'description', 'topic']));
    expect(document.body.paths['/api/users'].post.requestBody.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/RegisterUserDto' });
  });

  it('asks the service for nothing but health when only /health is called', async () => {
    const callsBefore = state.calls.length;
    await checked(api().get('/api/health'));
    expect(state.calls.slice(callsBefore)).toEqual([USERS_PATTERNS.health]);
  });
});
