import { type AttemptResult, AUTH_HEADER, type Project, ROUTES, type TokenClaims, type UserProfile } from '@dblearn/contracts';
import { type NatsCaller, routeCall } from '@dblearn/testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { checked, type TestGateway } from './support/gateway.js';
import { startUsersAndContent, type UsersAndContent } from './support/users-and-content.js';

/*
 * CONTRACT "Runnable SQL (sandboxes and checks)" end to end: the gateway in process, the real
 * svc-users and svc-content as child processes on the bus as their own users, real FerretDB and
 * NATS. Who may make each call, the attempt, the time limit, and the 409 on finishing.
 */

let stand: UsersAndContent;
let gateway: TestGateway;
let content: NatsCaller;
let counter = 0;
let admin: string;
let courseId: string;
let projectId: string;

const api = () => request(gateway.server);
const unknownId = '6560f0c2a1b2c3d4e5f60718';
const ADMIN = { email: 'admin@runnable.dblearn.test', password: 'runnable-admin-password' };
const SHOP = `CREATE TABLE product (id INTEGER PRIMARY KEY, name TEXT NOT NULL, price REAL NOT NULL);
INSERT INTO product (name, price) VALUES ('Pen', 1.5), ('Lamp', 24), ('Desk', 180), ('Chair', 95);`;
const RUNAWAY = 'WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n) SELECT count(*) FROM n';

async function learner(): Promise<{ user: TokenClaims; token: string }> {
  counter += 1;
  const response = await checked(api().post('/api/users').send({ email: `runnable${counter}.${Date.now()}@example.com`, password: 'secret-password', skill: 'beginner' }));
  expect(response.status).toBe(201);
  return { user: response.body as TokenClaims, token: String(response.headers[AUTH_HEADER]) };
}

function call(method: 'get' | 'put' | 'post', path: string, token?: string, body?: object) {
  const test = api()[method](`/api${path}`);
  const withBody = body ? test.send(body) : test;
  return checked(token ? withBody.set(AUTH_HEADER, token) : withBody);
}

const attempt = (token: string, checkId: string, sql: string, project = projectId) => call('post', `/project/${project}/attempts`, token, { checkId, sql });

beforeAll(async () => {
  stand = await startUsersAndContent('gateway_runnable', ADMIN);
  ({ gateway, content } = stand);
  admin = (await checked(api().post('/api/auth').send(ADMIN))).text;
  courseId = (await content.send<{ _id: string }>(...routeCall(ROUTES.courses.create, { body: { topic: 'sql', name: 'Shop queries', teacher: 'Ada Lovelace', length: '3 hours' } })))._id;
  projectId = (await content.send<{ _id: string }>(...routeCall(ROUTES.projects.create, { body: { title: 'Price list', difficulty: 'beginner', courseId } })))._id;
}, 90_000);

afterAll(() => stand?.close());

describe('sandboxes through the gateway', () => {
  it('lets only an admin set one (401 visitor, 403 learner), and any signed-in user read it', async () => {
    const { token } = await learner();
    expect((await call('put', `/course/sandbox/${courseId}`, undefined, { kind: 'sql', source: SHOP })).status).toBe(401);
    expect((await call('put', `/course/sandbox/${courseId}`, token, { kind: 'sql', source: SHOP })).status).toBe(403);
    expect((await call('get', `/course/sandbox/${courseId}`, token)).status).toBe(404);
    const saved = await call('put', `/course/sandbox/${courseId}`, admin, { kind: 'sql', source: SHOP });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ _id: courseId, name: 'Shop queries' });
    expect((await call('get', `/course/sandbox/${courseId}`)).status).toBe(401);
    const read = await call('get', `/course/sandbox/${courseId}`, token);
    expect([read.status, read.body]).toEqual([200, { kind: 'sql', source: SHOP }]);
    // Only an admin reads the hidden variant (null while it is derived from the source).
    expect((await call('get', `/course/sandbox/${courseId}`, admin)).body).toEqual({ kind: 'sql', source: SHOP, hiddenSource: null });
  });

  it('takes an admin’s hidden variant, shows it to admins only, and refuses one that does not build', async () => {
    const { token } = await learner();
    const hidden = `${SHOP.replace(/'Pen', 1.5/, "'Ink', 3")}`;
    const broken = await call('put', `/course/sandbox/${courseId}`, admin, { kind: 'sql', source: SHOP, hiddenSource: 'CREATE TABLE product (id);\nSELEC 1;' });
    expect([broken.status, broken.body.message]).toEqual([400, 'The hidden variant does not run: Line 2: near "SELEC": syntax error']);
    expect((await call('put', `/course/sandbox/${courseId}`, admin, { kind: 'sql', source: SHOP, hiddenSource: 42 })).status).toBe(400);
    expect((await call('put', `/course/sandbox/${courseId}`, admin, { kind: 'sql', source: SHOP, hiddenSource: hidden })).status).toBe(200);
    expect((await call('get', `/course/sandbox/${courseId}`, admin)).body).toEqual({ kind: 'sql', source: SHOP, hiddenSource: hidden });
    const read = await call('get', `/course/sandbox/${courseId}`, token);
    expect(read.body).toEqual({ kind: 'sql', source: SHOP });
    expect(read.text).not.toContain('Ink');
    // Back to a derived variant for the checks below.
    expect((await call('put', `/course/sandbox/${courseId}`, admin, { kind: 'sql', source: SHOP })).status).toBe(200);
  });

  it('answers 400 naming the line of a script that fails, for a malformed id and a script over 200 kB; 404 for an unknown course', async () => {
    const broken = await call('put', `/course/sandbox/${courseId}`, admin, { kind: 'sql', source: `${SHOP}\nSELEC 1;` });
    expect(broken.status).toBe(400);
    expect(broken.body.message).toBe('The sandbox script does not run: Line 3: near "SELEC": syntax error');
    expect((await call('put', '/course/sandbox/nope', admin, { kind: 'sql', source: SHOP })).status).toBe(400);
    expect((await call('put', `/course/sandbox/${unknownId}`, admin, { kind: 'sql', source: SHOP })).status).toBe(404);
    const huge = await call('put', `/course/sandbox/${courseId}`, admin, { kind: 'sql', source: `-- ${'x'.repeat(205 * 1024)}\nSELECT 1;` });
    expect(huge.status).toBe(400);
    expect((await call('get', `/course/sandbox/${courseId}`, admin)).body.source).toBe(SHOP);
  });
});

describe('checks and attempts through the gateway', () => {
  let checkId: string;
  let secondCheckId: string;

  it('lets only an admin add and remove checks; learners see tasks only', async () => {
    const { token } = await learner();
    const body = { task: 'Every product under 100, cheapest first.', referenceSql: 'SELECT name, price FROM product WHERE price < 100 ORDER BY price' };
    expect((await call('put', `/project/check/${projectId}`, undefined, body)).status).toBe(401);
    expect((await call('put', `/project/check/${projectId}`, token, body)).status).toBe(403);
    const added = await call('put', `/project/check/${projectId}`, admin, body);
    expect(added.status).toBe(200);
    const second = await call('put', `/project/check/${projectId}`, admin, { task: 'How many products are there?', referenceSql: 'SELECT count(*) FROM product' });
    [checkId, secondCheckId] = (second.body as Project).checks.map((check) => check._id) as [string, string];
    const seen = await call('get', `/project/${projectId}`, token);
    expect(seen.body.checks).toEqual([
      { _id: checkId, kind: 'query', task: body.task, hintCount: 0 },
      { _id: secondCheckId, kind: 'query', task: 'How many products are there?', hintCount: 0 },
    ]);
    expect(JSON.stringify(seen.body)).not.toContain('referenceSql');
    const bad = await call('put', `/project/check/${projectId}`, admin, { task: 'A task of some length', referenceSql: 'SELECT * FROM customer' });
    expect([bad.status, bad.body.message]).toEqual([400, "The reference query does not run on the course's sandbox: Line 1: no such table: customer"]);
    expect((await call('put', `/project/check/${projectId}`, admin, { task: 'short', referenceSql: 'x'.repeat(10 * 1024 + 1) })).body.message).toEqual([
      'Task must be 10 to 3000 characters long.',
      'Reference query must be at most 10240 characters long.',
    ]);
    const temporary = await call('put', `/project/check/${projectId}`, admin, { task: 'A check to remove again', referenceSql: 'SELECT 1' });
    const temporaryId = (temporary.body as Project).checks[2]?._id as string;
    expect((await call('put', `/project/deleteCheck/${projectId}`, token, { id: temporaryId })).status).toBe(403);
    const stored = await call('get', `/project/check/${projectId}`, admin);
    expect([stored.status, stored.body.checks.map((check: { referenceSql: string }) => check.referenceSql)]).toEqual([200, [body.referenceSql, 'SELECT count(*) FROM product', 'SELECT 1']]);
    expect((await call('get', `/project/check/${projectId}`, token)).status).toBe(403);
    expect((await call('get', `/project/check/${unknownId}`, admin)).status).toBe(404);
    const removed = await call('put', `/project/deleteCheck/${projectId}`, admin, { id: temporaryId });
    expect((removed.body as Project).checks).toHaveLength(2);
  });

  it('answers an attempt 200 with passed, a reason and the learner’s rows; 401 for a visitor', async () => {
    const { token } = await learner();
    expect((await attempt('', checkId, 'SELECT 1')).status).toBe(401);
    const wrong = await attempt(token, checkId, 'SELECT name FROM product WHERE price < 100');
    expect([wrong.status, wrong.body]).toEqual([
      200,
      {
        passed: false,
        message: 'Expected 2 columns, got 1.',
        columns: ['name'],
        rows: [['Pen'], ['Lamp'], ['Chair']],
        rowCount: 3,
        expected: { columns: ['name', 'price'], rows: [['Pen', 1.5], ['Lamp', 24], ['Chair', 95]], rowCount: 3 },
        hints: [],
        failures: 1,
        solutionAvailable: false,
      },
    ]);
    const passes = () => call('get', `/project/${projectId}/passes`, token);
    expect((await passes()).body).toEqual({ passed: [], solutionShown: [], hints: {}, failures: { [checkId]: 1 } });
    const right = await attempt(token, checkId, 'select name, price from product where price < 100 order by 2');
    expect(right.body as AttemptResult).toMatchObject({ passed: true, rows: [['Pen', 1.5], ['Lamp', 24], ['Chair', 95]] });
    // The pass survives a reload: the learner's own call says which checks are passed.
    expect((await passes()).body).toEqual({ passed: [checkId], solutionShown: [], hints: {}, failures: { [checkId]: 1 } });
    expect((await call('get', `/project/${projectId}/passes`, (await learner()).token)).body).toEqual({ passed: [], solutionShown: [], hints: {}, failures: {} });
    expect((await call('get', `/project/${projectId}/passes`, undefined)).status).toBe(401);
    expect((await call('get', `/project/${unknownId}/passes`, token)).status).toBe(404);
    expect((await call('get', '/project/nope/passes', token)).status).toBe(400);
  });

  it('answers 404 for a check of another project, 400 for a malformed id or a query over 10 kB', async () => {
    const { token } = await learner();
    const other = await content.send<{ _id: string }>(...routeCall(ROUTES.projects.create, { body: { title: 'Another one', difficulty: 'beginner', courseId } }));
    expect((await attempt(token, checkId, 'SELECT 1', other._id)).status).toBe(404);
    expect((await attempt(token, checkId, 'SELECT 1', unknownId)).status).toBe(404);
    expect((await attempt(token, 'nope', 'SELECT 1')).status).toBe(400);
    expect((await attempt(token, checkId, 'x'.repeat(10 * 1024 + 1))).status).toBe(400);
    expect((await attempt(token, checkId, "ATTACH DATABASE '/etc/passwd' AS p")).body).toMatchObject({ passed: false, message: 'ATTACH is not allowed here (line 1).' });
  });

  it('validates the engine an attempt names: 400 for an unknown one, 503 for PostgreSQL when svc-content has none (issue 32)', async () => {
    const { token } = await learner();
    const sent = (engine: unknown) => call('post', `/project/${projectId}/attempts`, token, { checkId, sql: 'SELECT name, price FROM product', engine });
    const unknown = await sent('oracle');
    expect([unknown.status, unknown.body.message]).toEqual([400, ['engine must be one of: sqlite, postgres.']]);
    expect((await sent(7)).status).toBe(400);
    const away = await sent('postgres');
    expect([away.status, away.body.message]).toEqual([503, 'The PostgreSQL lab is unavailable; SQLite still works.']);
    expect((await sent('sqlite')).body).toMatchObject({ passed: false });
  });

  it('stops a runaway attempt at 2 s (200, passed false) while other requests keep answering', async () => {
    const { token } = await learner();
    const started = Date.now();
    const runaway = attempt(token, checkId, RUNAWAY);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const quickStarted = Date.now();
    expect((await attempt(token, secondCheckId, 'SELECT count(*) FROM product')).body.passed).toBe(true);
    expect((await call('get', `/project/${projectId}`, token)).status).toBe(200);
    expect(Date.now() - quickStarted).toBeLessThan(1_500);
    const stopped = await runaway;
    expect([stopped.status, stopped.body]).toMatchObject([200, { passed: false, message: 'Your query ran longer than 2 s and was stopped.' }]);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('answers 409 naming what is left when a learner finishes a checked project, and 200 once every check is passed', async () => {
    const { user, token } = await learner();
    const finish = () => call('post', `/users/project/${user._id}`, token, { id: projectId });
    const refused = await finish();
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Pass every check of this project before finishing it: 2 checks are left: “Every product under 100, cheapest first.”, “How many products are there?”');
    await attempt(token, checkId, 'SELECT name, price FROM product WHERE price < 100 ORDER BY price, name');
    expect((await finish()).body.message).toBe('Pass every check of this project before finishing it: 1 check is left: “How many products are there?”');
    await attempt(token, secondCheckId, 'SELECT count(id) AS n FROM product');
    const finished = await finish();
    expect(finished.status).toBe(200);
    expect((finished.body as UserProfile).finishedProject.map((project) => project._id)).toEqual([projectId]);
    // A pass is the learner's own: another learner still has both checks left.
    const other = await learner();
    expect((await call('post', `/users/project/${other.user._id}`, other.token, { id: projectId })).status).toBe(409);
  });

  it('lets only an admin edit a check; a new reference gets a new id, so Finish asks for it again', async () => {
    const { user, token } = await learner();
    await attempt(token, checkId, 'SELECT name, price FROM product WHERE price < 100 ORDER BY price');
    await attempt(token, secondCheckId, 'SELECT count(*) FROM product');
    const edit = (body: object, who = admin, project = projectId) => call('put', `/project/updateCheck/${project}`, who, body);
    const reworded = { id: checkId, task: 'Products under 100, cheapest first.', referenceSql: 'SELECT name, price FROM product WHERE price < 100 ORDER BY price' };
    expect((await edit(reworded, '')).status).toBe(401);
    expect((await edit(reworded, token)).status).toBe(403);
    expect((await edit({ ...reworded, extra: true })).status).toBe(400);
    expect((await edit({ ...reworded, id: 'nope' })).status).toBe(400);
    expect((await edit({ task: reworded.task, referenceSql: reworded.referenceSql })).body.message).toEqual(['id must be a valid id.']);
    expect((await edit({ ...reworded, referenceSql: 42 })).status).toBe(400);
    expect((await edit(reworded, admin, 'nope')).status).toBe(400);
    expect((await edit({ ...reworded, task: 'short' })).body.message).toEqual(['Task must be 10 to 3000 characters long.']);
    expect((await edit({ ...reworded, id: unknownId })).body).toMatchObject({ statusCode: 404, message: 'Check not found.' });
    expect((await edit(reworded, admin, unknownId)).body).toMatchObject({ statusCode: 404, message: 'Project not found.' });
    const broken = await edit({ ...reworded, referenceSql: 'SELECT * FROM customer' });
    expect([broken.status, broken.body.message]).toEqual([400, "The reference query does not run on the course's sandbox: Line 1: no such table: customer"]);
    expect((await call('get', `/project/check/${projectId}`, admin)).body.checks[0].task).toBe('Every product under 100, cheapest first.');

    const edited = await edit(reworded);
    expect([edited.status, (edited.body as Project).checks]).toEqual([
      200,
      [
        { _id: checkId, kind: 'query', task: reworded.task, hintCount: 0 },
        { _id: secondCheckId, kind: 'query', task: 'How many products are there?', hintCount: 0 },
      ],
    ]);
    expect((await call('get', `/project/${projectId}/passes`, token)).body).toMatchObject({ passed: [checkId, secondCheckId] });

    const recounted = await edit({ id: secondCheckId, task: 'How many products cost more than 50?', referenceSql: 'SELECT count(*) FROM product WHERE price > 50' });
    const newId = (recounted.body as Project).checks[1]!._id;
    expect(newId).not.toBe(secondCheckId);
    expect((await call('get', `/project/${projectId}`, token)).body.checks).toEqual([
      { _id: checkId, kind: 'query', task: reworded.task, hintCount: 0 },
      { _id: newId, kind: 'query', task: 'How many products cost more than 50?', hintCount: 0 },
    ]);
    expect((await call('get', `/project/${projectId}/passes`, token)).body).toMatchObject({ passed: [checkId] });
    const finish = () => call('post', `/users/project/${user._id}`, token, { id: projectId });
    expect((await finish()).body.message).toBe('Pass every check of this project before finishing it: 1 check is left: “How many products cost more than 50?”');
    expect((await attempt(token, newId, 'SELECT count(*) FROM product WHERE price >= 95')).body.passed).toBe(true);
    expect((await finish()).status).toBe(200);
    secondCheckId = newId;
  });

  describe('per-learner limits (issue 17, finding 4)', () => {
    it('answers 429 with Retry-After once a learner has sent 30 attempts in a minute; another learner is not affected', async () => {
      const { token } = await learner();
      const statuses: number[] = [];
      let refused: request.Response | undefined;
      for (let i = 0; i < 100; i += 1) {
        const response = await attempt(token, secondCheckId, 'SELECT 1');
        statuses.push(response.status);
        if (response.status === 429) refused ??= response;
      }
      expect(statuses.slice(0, 30)).toEqual(Array(30).fill(200));
      expect(statuses.slice(30)).toEqual(Array(70).fill(429));
      expect(Number(refused!.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(refused!.headers['retry-after'])).toBeLessThanOrEqual(60);
      expect(refused!.body).toMatchObject({ statusCode: 429, message: expect.stringMatching(/^Too many attempts in a minute\. Try again in \d+ seconds?\.$/) });
      expect((await attempt((await learner()).token, secondCheckId, 'SELECT 1')).status).toBe(200);
    }, 60_000);

    it('runs at most two attempts of one learner at once: a third answers 429 at once, and a slot frees when one ends', async () => {
      const { token } = await learner();
      const runaways = [attempt(token, checkId, RUNAWAY), attempt(token, checkId, RUNAWAY)];
      await new Promise((resolve) => setTimeout(resolve, 300));
      const sent = Date.now();
      const third = await attempt(token, secondCheckId, 'SELECT count(*) FROM product');
      expect(Date.now() - sent).toBeLessThan(1_000);
      expect([third.status, third.body.message, third.headers['retry-after']]).toEqual([429, 'You already have 2 attempts running. Wait for one to finish.', '1']);
      // Another learner is not held up by these two.
      expect((await attempt((await learner()).token, secondCheckId, 'SELECT count(*) FROM product')).status).toBe(200);
      for (const stopped of await Promise.all(runaways)) expect(stopped.body).toMatchObject({ passed: false, message: 'Your query ran longer than 2 s and was stopped.' });
      expect((await attempt(token, secondCheckId, 'SELECT count(*) FROM product')).status).toBe(200);
    }, 30_000);

    it('runs at most four attempts at once from one address, whatever the accounts (issue 30), and frees the slots as they end', async () => {
      const flooders = [await learner(), await learner()];
      const runaways = flooders.flatMap(({ token }) => [attempt(token, checkId, RUNAWAY), attempt(token, checkId, RUNAWAY)]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      // A third account on the same address (every call here comes from 127.0.0.1).
      const { token } = await learner();
      const refused = await attempt(token, secondCheckId, 'SELECT count(*) FROM product');
      expect([refused.status, refused.body.message, refused.headers['retry-after']]).toEqual([
        429,
        'Your network address already has 4 attempts running, all its accounts together. Wait for one to finish.',
        '1',
      ]);
      for (const stopped of await Promise.all(runaways)) expect(stopped.body).toMatchObject({ passed: false, message: 'Your query ran longer than 2 s and was stopped.' });
      expect((await attempt(token, secondCheckId, 'SELECT count(*) FROM product')).status).toBe(200);
    }, 30_000);
  });
});

describe('check kinds, hints and solutions through the gateway', () => {
  it('takes a quiz from an admin, grades a learner’s answer, and refuses an answer of no known shape (400)', async () => {
    const quiz = { kind: 'quiz', task: 'Which of these can index a column?', quiz: { type: 'choice', options: ['B+ tree', 'Heap file', 'Hash index'], correct: [0, 2] }, hints: ['Lookups by key.'] };
    const malformed = await call('put', `/project/check/${projectId}`, admin, { ...quiz, quiz: { type: 'choice', options: ['only one'], correct: [0] } });
    expect([malformed.status, malformed.body.message]).toEqual([400, ['A choice quiz has 2 to 8 options.']]);
    const added = await call('put', `/project/check/${projectId}`, admin, quiz);
    const quizId = (added.body as Project).checks.at(-1)!._id;
    const { token } = await learner();
    const seen = await call('get', `/project/${projectId}`, token);
    expect(seen.body.checks.at(-1)).toEqual({ _id: quizId, kind: 'quiz', task: quiz.task, hintCount: 1, quizType: 'choice', options: quiz.quiz.options, multiple: true });
    expect(seen.text).not.toMatch(/correct|Lookups by key/);
    const answer = (body: object) => call('post', `/project/${projectId}/attempts`, token, { checkId: quizId, ...body });
    expect((await answer({ answer: 'B+ tree' })).status).toBe(400);
    expect((await answer({})).body.message).toContain('Send exactly one of sql, query or answer.');
    expect((await answer({ answer: [0], sql: 'SELECT 1' })).body.message).toEqual(['Send exactly one of sql, query or answer.']);
    expect((await answer({ sql: 'SELECT 1' })).body).toMatchObject({ statusCode: 400, message: 'This check takes an answer.' });
    expect((await answer({ answer: [0] })).body).toMatchObject({ passed: false, message: 'Not quite: you left out 1 correct option.', hints: ['Lookups by key.'], failures: 1 });
    expect((await answer({ answer: [2, 0] })).body).toMatchObject({ passed: true });
    await call('put', `/project/deleteCheck/${projectId}`, admin, { id: quizId });
  });

  it('reveals a solution only after three failures (403 before), and the passes call says it was shown', async () => {
    const { token } = await learner();
    const firstCheck = (await call('get', `/project/check/${projectId}`, admin)).body.checks[0]._id as string;
    const checkId = () => firstCheck;
    const solution = () => call('post', `/project/${projectId}/checks/${checkId()}/solution`, token);
    expect((await call('post', `/project/${projectId}/checks/${checkId()}/solution`)).status).toBe(401);
    expect([(await solution()).status, (await solution()).body.message]).toEqual([403, 'Try this check 3 times before revealing its solution.']);
    for (let n = 0; n < 3; n += 1) await attempt(token, checkId(), 'SELECT name, price FROM product');
    const revealed = await solution();
    expect([revealed.status, revealed.body]).toEqual([200, { solution: 'SELECT name, price FROM product WHERE price < 100 ORDER BY price', explanation: '' }]);
    expect((await call('post', `/project/${projectId}/checks/nope/solution`, token)).status).toBe(400);
    expect((await call('post', `/project/${projectId}/checks/${unknownId}/solution`, token)).status).toBe(404);
    await attempt(token, checkId(), 'SELECT name, price FROM product WHERE price < 100 ORDER BY price');
    expect((await call('get', `/project/${projectId}/passes`, token)).body).toMatchObject({ passed: [checkId()], solutionShown: [checkId()], failures: { [checkId()]: 3 } });
  });
});

