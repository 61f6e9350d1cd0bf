import { type AttemptResult, type CheckPasses, CONTENT_PATTERNS, type Course, HIDDEN_DATA_PREFIX, POSTGRES_ONLY_MESSAGE, type Project, ROUTES, type StoredChecks } from '@dblearn/contracts';
import { ENGINE_NOT_ALLOWED_MESSAGE, HALF_CHANGED_MESSAGE } from '@dblearn/lab';
import { findRepoRoot, type PrivateServer, startPrivatePostgres } from '@dblearn/infra';
import { type NatsCaller, routeCall } from '@dblearn/testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Types } from 'mongoose';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ContentSuite, startContentSuite } from './support/content-service.js';

// Issue 32 on the real FerretDB, NATS and a PostgreSQL of this suite's own: attempts with engine
// postgres graded by the same rules as SQLite's, the engine refused for mongo and quiz answers, and
// the server stopped: 503, nothing recorded.

const BANK = `CREATE TABLE account (id INTEGER PRIMARY KEY, owner TEXT NOT NULL UNIQUE, balance INTEGER NOT NULL CHECK (balance >= 0));
CREATE TABLE movement (id INTEGER PRIMARY KEY, account_id INTEGER NOT NULL REFERENCES account(id), amount INTEGER NOT NULL);
INSERT INTO account VALUES (1, 'Ada', 100), (2, 'Ben', 50), (3, 'Cy', 20), (4, 'Dan', 70), (5, 'Eve', 10), (6, 'Fox', 50);
INSERT INTO movement VALUES (1, 1, 30), (2, 1, -10), (3, 2, 50), (4, 4, 70), (5, 3, 20);`;

let dataDir: string;
let server: PrivateServer;
let suite: ContentSuite;
let content: NatsCaller;
let project: Project;
let mongoProject: Project;
const learner = new Types.ObjectId().toHexString();
let queryCheckId = '';

const send = <T>(pattern: string, payload: unknown) => content.send<T>(pattern, payload, 30_000);
const addCheck = (body: object, projectId = project._id) => send<Project>(...routeCall(ROUTES.projects.addCheck, { params: { projectId }, body }));
const lastCheck = (p: Project) => p.checks[p.checks.length - 1]!._id;
const attempt = (checkId: string, answer: object, projectId = project._id) =>
  send<AttemptResult>(CONTENT_PATTERNS.attempt, { id: projectId, body: { userId: learner, checkId, engine: 'postgres', ...answer } });
const refusedAttempt = (checkId: string, answer: object, projectId = project._id) => content.refusal(CONTENT_PATTERNS.attempt, { id: projectId, body: { userId: learner, checkId, ...answer } });

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'dblearn-pg-grading-'));
  server = await startPrivatePostgres(findRepoRoot(), dataDir);
  suite = await startContentSuite('svc_content_pg_grading', { POSTGRES_URL: server.url, POSTGRES_AUTHOR_URL: server.authorUrl! });
  ({ content } = suite);
  const course = await send<Course>(...routeCall(ROUTES.courses.create, { body: { topic: 'sql', name: 'Bank on PostgreSQL', teacher: 'Edgar Codd', length: '2 hours' } }));
  const books = await send<Course>(...routeCall(ROUTES.courses.create, { body: { topic: 'nosql', name: 'Books', teacher: 'Edgar Codd', length: '2 hours' } }));
  await send(...routeCall(ROUTES.courses.putSandbox, { params: { courseId: course._id }, body: { kind: 'sql', source: BANK } }));
  await send(...routeCall(ROUTES.courses.putSandbox, { params: { courseId: books._id }, body: { kind: 'mongo', source: JSON.stringify({ books: [{ _id: 1, title: 'Dune' }] }) } }));
  project = await send<Project>(...routeCall(ROUTES.projects.create, { body: { title: 'Bank on PostgreSQL', difficulty: 'beginner', courseId: course._id } }));
  mongoProject = await send<Project>(...routeCall(ROUTES.projects.create, { body: { title: 'Books', difficulty: 'beginner', courseId: books._id } }));
}, 180_000);

afterAll(async () => {
  await suite?.close();
  await server?.handle.stop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('attempts graded on PostgreSQL', () => {
  it('grades a query check on the visible data, then the hidden data as a black box', async () => {
    const checkId = (queryCheckId = lastCheck(await addCheck({ task: 'Owners with at least 50, richest first.', referenceSql: 'SELECT owner, balance FROM account WHERE balance >= 50 ORDER BY balance DESC' })));
    expect(await attempt(checkId, { sql: 'SELECT owner, balance FROM account WHERE balance > 49 ORDER BY 2 DESC, 1' })).toMatchObject({ passed: true, rowCount: 4 });
    const wrong = await attempt(checkId, { sql: 'SELECT owner, balance FROM account ORDER BY balance DESC' });
    expect(wrong).toMatchObject({ passed: false, failures: 1, expected: { rowCount: 4 } });
    const hardCoded = await attempt(checkId, { sql: "SELECT owner, balance FROM account WHERE owner IN ('Ada', 'Dan', 'Ben', 'Fox') ORDER BY balance DESC" });
    expect(hardCoded).toMatchObject({ passed: false, message: expect.stringMatching(new RegExp(`^${HIDDEN_DATA_PREFIX}`)) });
    expect(hardCoded.expected).toBeUndefined();
  });

  it('grades a state check with its probes and all-or-nothing on PostgreSQL', async () => {
    const checkId = lastCheck(
      await addCheck({
        kind: 'state',
        task: 'Move 10 from Ada to Cy in one transaction.',
        referenceSql: "BEGIN;\nUPDATE account SET balance = balance - 10 WHERE owner = 'Ada';\nUPDATE account SET balance = balance + 10 WHERE owner = 'Cy';\nCOMMIT;",
        verifySql: 'SELECT owner, balance FROM account ORDER BY id',
        probes: [{ sql: "UPDATE account SET balance = -1 WHERE owner = 'Eve'", expect: 'fails' }],
        faultAtWrite: 2,
      }),
    );
    expect(await attempt(checkId, { sql: "START TRANSACTION; UPDATE account SET balance = balance + 10 WHERE owner = 'Cy'; UPDATE account SET balance = balance - 10 WHERE owner = 'Ada'; END;" })).toMatchObject({ passed: true });
    const loose = "UPDATE account SET balance = balance - 10 WHERE owner = 'Ada'; UPDATE account SET balance = balance + 10 WHERE owner = 'Cy';";
    expect(await attempt(checkId, { sql: loose })).toMatchObject({ passed: false, message: HALF_CHANGED_MESSAGE });
    const unchecked = `BEGIN; ALTER TABLE account DROP CONSTRAINT account_balance_check; ${loose} COMMIT;`;
    expect(await attempt(checkId, { sql: unchecked })).toMatchObject({ passed: false, message: expect.stringMatching(/should be refused after yours/) });
    expect(await attempt(checkId, { sql: 'COPY account TO STDOUT' })).toMatchObject({ passed: false, message: expect.stringMatching(/COPY/) });
  });

  it('inserts without a key on both engines (an INTEGER PRIMARY KEY numbers the row)', async () => {
    const checkId = lastCheck(await addCheck({ kind: 'state', task: 'Open an account for Gil with 5.', referenceSql: "INSERT INTO account (owner, balance) VALUES ('Gil', 5)", verifySql: 'SELECT COUNT(*) AS accounts, MAX(id) > 6 AS numbered FROM account' }));
    expect(await attempt(checkId, { sql: "INSERT INTO account (owner, balance) VALUES ('Gil', 5);" })).toMatchObject({ passed: true });
    expect(await attempt(checkId, { sql: "INSERT INTO account (owner, balance) VALUES ('Gil', 5);", engine: undefined })).toMatchObject({ passed: true });
  });

  it('grades a check with a PostgreSQL variant of its reference by that variant there, and keeps it stored', async () => {
    const saved = await addCheck({
      task: 'Days from the first to the second of January 2024.',
      referenceSql: "SELECT CAST(julianday('2024-01-02') - julianday('2024-01-01') AS INTEGER) AS days",
      referenceSqlPostgres: "SELECT '2024-01-02'::date - '2024-01-01'::date AS days",
    });
    const checkId = lastCheck(saved);
    expect(await attempt(checkId, { sql: "SELECT DATE '2024-01-02' - DATE '2024-01-01' AS days" })).toMatchObject({ passed: true });
    expect(await attempt(checkId, { sql: "SELECT CAST(julianday('2024-01-02') - julianday('2024-01-01') AS INTEGER) AS days", engine: undefined })).toMatchObject({ passed: true });
    const stored = await send<StoredChecks>(...routeCall(ROUTES.projects.storedChecks, { params: { projectId: project._id } }));
    expect(stored.checks.find((check) => check._id === checkId)).toMatchObject({ referenceSqlPostgres: "SELECT '2024-01-02'::date - '2024-01-01'::date AS days" });
    // A variant that fails on PostgreSQL is refused like a reference.
    const refused = await content.refusal(...routeCall(ROUTES.projects.addCheck, { params: { projectId: project._id }, body: { task: 'Days, again, on both engines.', referenceSql: 'SELECT 1 AS days', referenceSqlPostgres: 'SELECT nope AS days' } }));
    expect(refused).toEqual({ statusCode: 400, message: expect.stringMatching(/PostgreSQL.*column "nope" does not exist/s) });
  });

  it('answers 400 for a check graded on SQLite only, and for an engine sent with a mongo or quiz answer', async () => {
    const plan = lastCheck(await addCheck({ kind: 'state', task: 'Index the owners.', referenceSql: 'CREATE INDEX by_owner ON movement(account_id)', verifySql: 'EXPLAIN QUERY PLAN SELECT * FROM movement WHERE account_id = 1' }));
    expect(await refusedAttempt(plan, { sql: 'CREATE INDEX i ON movement(account_id)', engine: 'postgres' })).toEqual({ statusCode: 400, message: expect.stringMatching(/graded on SQLite only/) });
    const quiz = lastCheck(await addCheck({ kind: 'quiz', task: 'How many blocks?', quiz: { type: 'number', answer: 25, tolerance: 0 } }));
    expect(await refusedAttempt(quiz, { answer: 25, engine: 'postgres' })).toEqual({ statusCode: 400, message: ENGINE_NOT_ALLOWED_MESSAGE });
    const mongo = lastCheck(await addCheck({ kind: 'mongo', task: 'Every book.', referenceQuery: 'db.books.find({})' }, mongoProject._id));
    expect(await refusedAttempt(mongo, { query: 'db.books.find({})', engine: 'sqlite' }, mongoProject._id)).toEqual({ statusCode: 400, message: ENGINE_NOT_ALLOWED_MESSAGE });
  });

  it('grades a check marked PostgreSQL-only there, and refuses it on SQLite with 400, recording nothing (issue 32)', async () => {
    const rollup = 'SELECT owner IS NULL AS total, SUM(balance) AS balance FROM account GROUP BY ROLLUP (owner) ORDER BY total, owner';
    // Its reference runs on PostgreSQL only: saving it does not run it on SQLite.
    const saved = await addCheck({ task: 'Each balance by owner, then the grand total.', referenceSql: rollup, engines: ['postgres'] });
    const checkId = lastCheck(saved);
    expect(saved.checks.find((check) => check._id === checkId)).toMatchObject({ engines: ['postgres'] });
    const before = await send<CheckPasses>(CONTENT_PATTERNS.checkPasses, { projectId: project._id, userId: learner });
    for (const engine of ['sqlite', undefined]) {
      expect(await refusedAttempt(checkId, { sql: rollup, ...(engine ? { engine } : {}) })).toEqual({ statusCode: 400, message: POSTGRES_ONLY_MESSAGE });
    }
    expect(await send<CheckPasses>(CONTENT_PATTERNS.checkPasses, { projectId: project._id, userId: learner })).toEqual(before);
    expect(await attempt(checkId, { sql: 'SELECT owner IS NULL AS total, SUM(balance) AS balance FROM account GROUP BY ROLLUP (owner) ORDER BY owner IS NULL, owner' })).toMatchObject({ passed: true });
    expect(await attempt(checkId, { sql: 'SELECT false AS total, balance FROM account ORDER BY owner' })).toMatchObject({ passed: false });
    // A reference that fails on PostgreSQL is still refused on save.
    const refused = await content.refusal(...routeCall(ROUTES.projects.addCheck, { params: { projectId: project._id }, body: { task: 'Totals, broken.', referenceSql: 'SELECT nope FROM account GROUP BY ROLLUP (owner)', engines: ['postgres'] } }));
    expect(refused).toEqual({ statusCode: 400, message: expect.stringMatching(/PostgreSQL.*column "nope" does not exist/s) });
  });

  it('refuses to save a reference that fails on PostgreSQL, naming its line', async () => {
    const refused = await content.refusal(...routeCall(ROUTES.projects.addCheck, { params: { projectId: project._id }, body: { task: 'Days since.', referenceSql: "SELECT owner\nFROM account\nWHERE julianday('2024-01-02') > 1" } }));
    expect(refused).toEqual({ statusCode: 400, message: expect.stringMatching(/PostgreSQL.*Line 1: function julianday/s) });
  });

  it('answers 503 when PostgreSQL is down, and records nothing', async () => {
    const first = queryCheckId;
    const before = await send<CheckPasses>(CONTENT_PATTERNS.checkPasses, { projectId: project._id, userId: learner });
    await server.handle.stop();
    expect(await refusedAttempt(first, { sql: 'SELECT owner, balance FROM account', engine: 'postgres' })).toEqual({ statusCode: 503, message: 'The PostgreSQL lab is unavailable; SQLite still works.' });
    expect(await send<CheckPasses>(CONTENT_PATTERNS.checkPasses, { projectId: project._id, userId: learner })).toEqual(before);
    // SQLite still grades.
    expect(await send<AttemptResult>(CONTENT_PATTERNS.attempt, { id: project._id, body: { userId: learner, checkId: first, sql: 'SELECT owner, balance FROM account WHERE balance >= 50 ORDER BY balance DESC' } })).toMatchObject({ passed: true });
    // A check graded on PostgreSQL only cannot be checked anywhere: not saved.
    const unchecked = await content.refusal(...routeCall(ROUTES.projects.addCheck, { params: { projectId: project._id }, body: { task: 'Totals while the lab is away.', referenceSql: 'SELECT SUM(balance) FROM account GROUP BY ROLLUP (owner)', engines: ['postgres'] } }));
    expect(unchecked).toEqual({ statusCode: 503, message: expect.stringMatching(/graded on PostgreSQL only cannot be saved/) });
  });
});
