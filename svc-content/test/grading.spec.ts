import {
  type AttemptResult,
  type CheckPasses,
  type CheckSolution,
  CONTENT_PATTERNS,
  type Course,
  HIDDEN_DATA_PREFIX,
  type ImportReport,
  type Project,
  ROUTES,
  type Sandbox,
  SOLUTION_LOCKED_MESSAGE,
  type StoredChecks,
} from '@dblearn/contracts';
import { type NatsCaller, routeCall } from '@dblearn/testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Types } from 'mongoose';
import { type ContentSuite, startContentSuite } from './support/content-service.js';
import { exportAll } from './support/export.js';

/** Every fail on the hidden data starts so, then names the kind of difference. */
const hiddenDataMessage = new RegExp(`^${HIDDEN_DATA_PREFIX}`);

// Issue 18 on the real FerretDB and NATS: hidden data, state, mongo and quiz checks, hints,
// failures and solutions, and every field through export and import.

const BANK = `PRAGMA foreign_keys = ON;
CREATE TABLE account (id INTEGER PRIMARY KEY, owner TEXT NOT NULL, balance INTEGER NOT NULL CHECK (balance >= 0));
CREATE TABLE enrollment (account_id INTEGER NOT NULL REFERENCES account(id), note TEXT);
INSERT INTO account VALUES (1, 'Ada', 100), (2, 'Ben', 50), (3, 'Cy', 20), (4, 'Dan', 70), (5, 'Eve', 10);
INSERT INTO enrollment VALUES (1, 'a'), (2, 'b');
CREATE TABLE branch (id INTEGER PRIMARY KEY, city TEXT);
INSERT INTO branch VALUES (1, 'Oslo');`;
/** The admin's hidden variant: the same tables, other people and sums. */
const HIDDEN_BANK = `CREATE TABLE account (id INTEGER PRIMARY KEY, owner TEXT NOT NULL, balance INTEGER NOT NULL CHECK (balance >= 0));
CREATE TABLE enrollment (account_id INTEGER NOT NULL REFERENCES account(id), note TEXT);
INSERT INTO account VALUES (1, 'Zed', 500), (2, 'Yan', 40), (3, 'Xia', 35), (7, 'Wes', 90);
INSERT INTO enrollment VALUES (1, 'z');`;
const BOOKS = JSON.stringify({
  books: [
    { _id: 1, title: 'Dune', year: 1965, pages: 412 },
    { _id: 2, title: 'Emma', year: 1815, pages: 474 },
    { _id: 3, title: 'Ulysses', year: 1922, pages: 730 },
    { _id: 4, title: 'Beloved', year: 1987, pages: 324 },
    { _id: 5, title: 'Solaris', year: 1961, pages: 204 },
    { _id: 6, title: 'Ubik', year: 1969, pages: 202 },
  ],
});

let suite: ContentSuite;
let content: NatsCaller;
let sqlCourse: Course;
let mongoCourse: Course;
let project: Project;
let mongoProject: Project;
const learner = new Types.ObjectId().toHexString();

const send = <T>(pattern: string, payload: unknown) => content.send<T>(pattern, payload, 15_000);
const addCheck = (body: object, projectId = project._id) => send<Project>(...routeCall(ROUTES.projects.addCheck, { params: { projectId }, body }));
const refusal = (pattern: string, body: object) => content.refusal(pattern, body);
const attempt = (checkId: string, answer: object, userId = learner, projectId = project._id) => send<AttemptResult>(CONTENT_PATTERNS.attempt, { id: projectId, body: { userId, checkId, ...answer } });
const passes = (userId = learner, projectId = project._id) => send<CheckPasses>(CONTENT_PATTERNS.checkPasses, { projectId, userId });
const solution = (checkId: string, userId = learner, projectId = project._id) => send<CheckSolution>(CONTENT_PATTERNS.checkSolution, { projectId, userId, checkId });
const lastCheck = (p: Project) => p.checks[p.checks.length - 1]!._id;

beforeAll(async () => {
  suite = await startContentSuite('svc_content_grading');
  ({ content } = suite);
  sqlCourse = await send<Course>(...routeCall(ROUTES.courses.create, { body: { topic: 'sql', name: 'Bank SQL', teacher: 'Edgar Codd', length: '2 hours' } }));
  mongoCourse = await send<Course>(...routeCall(ROUTES.courses.create, { body: { topic: 'nosql', name: 'Book documents', teacher: 'Edgar Codd', length: '2 hours' } }));
  project = await send<Project>(...routeCall(ROUTES.projects.create, { body: { title: 'Bank report', difficulty: 'beginner', courseId: sqlCourse._id } }));
  mongoProject = await send<Project>(...routeCall(ROUTES.projects.create, { body: { title: 'Book queries', difficulty: 'beginner', courseId: mongoCourse._id } }));
  await send(...routeCall(ROUTES.courses.putSandbox, { params: { courseId: mongoCourse._id }, body: { kind: 'mongo', source: BOOKS } }));
}, 60_000);

afterAll(() => suite?.close());

describe('hidden data', () => {
  it('a hidden variant that does not build is refused naming its line, and changes nothing', async () => {
    expect(await refusal(...routeCall(ROUTES.courses.putSandbox, { params: { courseId: sqlCourse._id }, body: { kind: 'sql', source: BANK, hiddenSource: 'CREATE TABLE account (id);\nINSERT INTO nowhere VALUES (1);' } }))).toEqual({
      statusCode: 400,
      message: 'The hidden variant does not run: Line 2: no such table: nowhere',
    });
    expect(await refusal(CONTENT_PATTERNS.findSandbox, { id: sqlCourse._id })).toMatchObject({ statusCode: 404 });
    expect((await refusal(...routeCall(ROUTES.courses.putSandbox, { params: { courseId: mongoCourse._id }, body: { kind: 'mongo', source: BOOKS, hiddenSource: '{"books": [1]}' } }))).message).toBe(
      'The hidden variant is not valid: Document 1 of "books" is not an object.',
    );
  });

  it('stores the admin’s variant: learners get the source only, admins the variant too (null when derived)', async () => {
    await send(...routeCall(ROUTES.courses.putSandbox, { params: { courseId: sqlCourse._id }, body: { kind: 'sql', source: BANK, hiddenSource: HIDDEN_BANK } }));
    expect(await send<Sandbox>(CONTENT_PATTERNS.findSandbox, { id: sqlCourse._id })).toEqual({ kind: 'sql', source: BANK });
    expect(await send<Sandbox>(CONTENT_PATTERNS.findSandboxWithHidden, { id: sqlCourse._id })).toEqual({ kind: 'sql', source: BANK, hiddenSource: HIDDEN_BANK });
    expect(await send<Sandbox>(CONTENT_PATTERNS.findSandboxWithHidden, { id: mongoCourse._id })).toEqual({ kind: 'mongo', source: BOOKS, hiddenSource: null });
  });

  it('a query right on the visible data and wrong on the hidden one fails without a trace of the hidden data', async () => {
    const withCheck = await addCheck({ task: 'Owners of accounts holding at least 50, by owner.', referenceSql: 'SELECT owner FROM account WHERE balance >= 50 ORDER BY owner' });
    const checkId = lastCheck(withCheck);
    const pasted = await attempt(checkId, { sql: "SELECT 'Ada' UNION ALL SELECT 'Ben' UNION ALL SELECT 'Dan' ORDER BY 1" });
    expect(pasted).toMatchObject({ passed: false, message: expect.stringMatching(hiddenDataMessage), rows: [['Ada'], ['Ben'], ['Dan']] });
    expect(pasted).not.toHaveProperty('expected');
    expect(JSON.stringify(pasted)).not.toMatch(/Zed|Wes|Yan/);
    const wrong = await attempt(checkId, { sql: 'SELECT owner FROM account WHERE balance > 50 ORDER BY owner' });
    expect(wrong).toMatchObject({ passed: false, message: "1 expected row is missing, e.g. ('Ben').", expected: { rows: [['Ada'], ['Ben'], ['Dan']] } });
    expect((await attempt(checkId, { sql: 'SELECT owner FROM account WHERE NOT balance < 50 ORDER BY 1' })).passed).toBe(true);
  });

  it('a reference that fails on the hidden variant cannot be saved', async () => {
    // The admin's variant has no branch table.
    expect(await refusal(...routeCall(ROUTES.projects.addCheck, { params: { projectId: project._id }, body: { task: 'Every branch city please.', referenceSql: 'SELECT 1;\nSELECT city FROM branch' } }))).toEqual({
      statusCode: 400,
      message: 'The reference query does not run on the hidden variant: Line 2: no such table: branch',
    });
  });

  it('a check in a course without a sandbox of its kind is refused', async () => {
    expect(await refusal(...routeCall(ROUTES.projects.addCheck, { params: { projectId: mongoProject._id }, body: { task: 'Owners of every account.', referenceSql: 'SELECT owner FROM account' } }))).toEqual({
      statusCode: 400,
      message: "The project's course has no SQL sandbox: give it one before adding checks.",
    });
    expect(await refusal(...routeCall(ROUTES.projects.addCheck, { params: { projectId: project._id }, body: { kind: 'mongo', task: 'Every book please.', referenceQuery: 'db.books.find({})' } }))).toEqual({
      statusCode: 400,
      message: "The project's course has no mongo sandbox: give it one before adding mongo checks.",
    });
  });
});

describe('state checks', () => {
  let transfer: string;
  let constraint: string;

  it('refuses a verification query that fails on the reference, and a probe the reference does not meet', async () => {
    const base = { kind: 'state', task: 'Move 30 from account 1 to account 2 in one transaction.' };
    expect((await refusal(...routeCall(ROUTES.projects.addCheck, { params: { projectId: project._id }, body: { ...base, referenceSql: 'UPDATE account SET balance = balance - 30 WHERE id = 1', verifySql: 'SELECT nope FROM account' } }))).message).toBe(
      "The verification query does not run after the reference on the course's sandbox: Line 1: no such column: nope",
    );
    const probe = { sql: "INSERT INTO account VALUES (9, 'Mal', -5)", expect: 'succeeds' };
    expect(
      (await refusal(...routeCall(ROUTES.projects.addCheck, { params: { projectId: project._id }, body: { ...base, referenceSql: 'UPDATE account SET balance = balance - 30 WHERE id = 1', verifySql: 'SELECT id, balance FROM account', probes: [probe] } }))).message,
    ).toMatch(/^Probe 1 should run after the reference statements, but it failed: Line 1: CHECK constraint failed/);
    expect((await refusal(...routeCall(ROUTES.projects.addCheck, { params: { projectId: project._id }, body: { ...base, referenceSql: 'SELECT 1', verifySql: 'SELECT 1', quiz: { type: 'number', answer: 1, tolerance: 0 } } }))).message).toBe(
      'The field "quiz" is not allowed in a state check.',
    );
  });

  it('grades what the statements leave behind, on a fresh copy each time and on the hidden data', async () => {
    const saved = await addCheck({
      kind: 'state',
      task: 'Move 30 from account 1 to account 2 in one transaction.',
      referenceSql: 'BEGIN; UPDATE account SET balance = balance - 30 WHERE id = 1; UPDATE account SET balance = balance + 30 WHERE id = 2; COMMIT;',
      verifySql: 'SELECT id, balance FROM account ORDER BY id',
      hints: ['Two UPDATEs.', 'Wrap them in BEGIN and COMMIT.'],
      explanation: 'Both updates or neither.',
    });
    transfer = lastCheck(saved);
    expect(saved.checks.at(-1)).toEqual({ _id: transfer, kind: 'state', task: 'Move 30 from account 1 to account 2 in one transaction.', hintCount: 2 });
    const good = 'UPDATE account SET balance = balance + 30 WHERE id = 2; UPDATE account SET balance = balance - 30 WHERE id = 1;';
    expect(await attempt(transfer, { sql: `BEGIN;\n${good}\nCOMMIT;` })).toMatchObject({ passed: true, columns: ['id', 'balance'], rows: [[1, 70], [2, 80], [3, 20], [4, 70], [5, 10]] });
    // Left uncommitted, the work is rolled back as when a session ends.
    expect(await attempt(transfer, { sql: `BEGIN;\n${good}` }, new Types.ObjectId().toHexString())).toMatchObject({ passed: false, message: '2 expected rows are missing, e.g. (1, 70); 2 rows are extra, e.g. (1, 100).' });
    // Hard-coded to the visible balances: right there, wrong on the hidden data.
    const hardCoded = 'UPDATE account SET balance = 70 WHERE id = 1; UPDATE account SET balance = 80 WHERE id = 2;';
    expect(await attempt(transfer, { sql: hardCoded }, new Types.ObjectId().toHexString())).toMatchObject({ passed: false, message: expect.stringMatching(hiddenDataMessage) });
    expect(await attempt(transfer, { sql: 'UPDATE nowhere SET x = 1' }, new Types.ObjectId().toHexString())).toMatchObject({ passed: false, message: 'Line 1: no such table: nowhere' });
  });

  it('runs probes after the statements: a constraint the task asks for must refuse them, with foreign keys on', async () => {
    const saved = await addCheck({
      kind: 'state',
      task: 'Make sure no note can be stored for an account that does not exist, keeping the notes.',
      referenceSql: 'CREATE TABLE note (account_id INTEGER NOT NULL REFERENCES account(id), text TEXT); INSERT INTO note SELECT account_id, note FROM enrollment;',
      verifySql: 'SELECT account_id, text FROM note ORDER BY account_id',
      probes: [
        { sql: "INSERT INTO note VALUES (999, 'orphan')", expect: 'fails' },
        { sql: "INSERT INTO note VALUES (1, 'fine')", expect: 'succeeds' },
      ],
    });
    constraint = lastCheck(saved);
    const noKey = 'CREATE TABLE note (account_id INTEGER NOT NULL, text TEXT); INSERT INTO note SELECT account_id, note FROM enrollment;';
    expect(await attempt(constraint, { sql: noKey })).toMatchObject({ passed: false, message: "This statement should be refused after yours, but it ran: INSERT INTO note VALUES (999, 'orphan')" });
    const withKey = 'CREATE TABLE note (account_id INTEGER NOT NULL REFERENCES account (id), text TEXT);\nINSERT INTO note (account_id, text) SELECT account_id, note FROM enrollment;';
    expect(await attempt(constraint, { sql: withKey })).toMatchObject({ passed: true });
    // The probes never reach the learner's browser before an attempt.
    expect(JSON.stringify(await send<Project>(CONTENT_PATTERNS.findProject, { id: project._id }))).not.toContain('orphan');
  });

  it('wants sql for a state check (400 for another shape)', async () => {
    expect(await refusal(CONTENT_PATTERNS.attempt, { id: project._id, body: { userId: learner, checkId: transfer, answer: [1] } })).toEqual({ statusCode: 400, message: 'This check takes sql.' });
    expect(await refusal(CONTENT_PATTERNS.attempt, { id: project._id, body: { userId: learner, checkId: transfer, sql: 'SELECT 1', query: 'db.x.find({})' } })).toEqual({
      statusCode: 400,
      message: ['Send exactly one of sql, query or answer.'],
    });
    expect(constraint).toBeDefined();
  });
});

describe('quiz checks', () => {
  let choice: string;
  let number: string;
  let set: string;

  it('refuses a quiz of the wrong shape', async () => {
    const task = 'Which of these are index structures?';
    expect((await refusal(...routeCall(ROUTES.projects.addCheck, { params: { projectId: project._id }, body: { kind: 'quiz', task, quiz: { type: 'choice', options: ['a', 'b'], correct: [2] } } }))).message).toBe(
      'Quiz option 2 does not exist: correct indexes are 0 to 1.',
    );
    expect((await refusal(...routeCall(ROUTES.projects.addCheck, { params: { projectId: project._id }, body: { kind: 'quiz', task, quiz: { type: 'number', answer: 3, tolerance: 0, options: ['x', 'y'] } } }))).message).toBe(
      'The field "quiz.options" is not allowed in a number quiz.',
    );
    expect((await refusal(...routeCall(ROUTES.projects.addCheck, { params: { projectId: project._id }, body: { kind: 'quiz', task, quiz: { type: 'set', answer: 5 } } }))).statusCode).toBe(400);
    expect((await refusal(...routeCall(ROUTES.projects.addCheck, { params: { projectId: project._id }, body: { kind: 'quiz', task, referenceSql: 'SELECT 1', quiz: { type: 'set', answer: ['A'] } } }))).message).toBe(
      'The field "referenceSql" is not allowed in a quiz check.',
    );
  });

  it('shows a learner the options only, never an answer, in any answer before the attempt', async () => {
    await addCheck({ kind: 'quiz', task: 'Which of these are index structures?', quiz: { type: 'choice', options: ['B+ tree', 'Hash index', 'Heap file', 'ZZ-unique-option'], correct: [0, 1] }, hints: ['Think of lookups.'] });
    await addCheck({ kind: 'quiz', task: 'How many blocks hold 1000 records of 100 bytes in 4096-byte blocks?', quiz: { type: 'number', answer: 25, tolerance: 0 }, explanation: 'bfr = 40; 1000 / 40 = 25.' });
    const saved = await addCheck({ kind: 'quiz', task: 'List every candidate key of R(A, B, C, D).', quiz: { type: 'set', answer: ['AB', 'QQKEY'] } });
    [choice, number, set] = saved.checks.slice(-3).map((check) => check._id) as [string, string, string];
    expect(saved.checks.at(-3)).toEqual({ _id: choice, kind: 'quiz', task: 'Which of these are index structures?', hintCount: 1, quizType: 'choice', options: ['B+ tree', 'Hash index', 'Heap file', 'ZZ-unique-option'], multiple: true });
    expect(saved.checks.at(-2)).toEqual({ _id: number, kind: 'quiz', task: expect.any(String), hintCount: 0, quizType: 'number' });
    const seen = JSON.stringify([saved, await send<Project>(CONTENT_PATTERNS.findProject, { id: project._id }), await passes(), await send(CONTENT_PATTERNS.checksLeft, { projectId: project._id, userId: learner })]);
    expect(seen).not.toMatch(/"correct"|QQKEY|bfr = 40|"tolerance"/);
  });

  it('grades each type, never naming the answer, and refuses answers of the wrong shape', async () => {
    expect(await attempt(choice, { answer: [0, 2] })).toMatchObject({ passed: false, message: 'Not quite: 1 of your choices is wrong and you left out 1 correct option.', hints: ['Think of lookups.'], failures: 1 });
    expect(await attempt(choice, { answer: [1, 0] })).toMatchObject({ passed: true, solutionAvailable: true });
    expect(await attempt(number, { answer: 24 })).toMatchObject({ passed: false, message: 'Not quite: that number is not within the tolerance.' });
    expect(await attempt(number, { answer: 25 })).toMatchObject({ passed: true });
    expect(await attempt(set, { answer: ['qqkey, ab'] })).toMatchObject({ passed: true });
    expect(await refusal(CONTENT_PATTERNS.attempt, { id: project._id, body: { userId: learner, checkId: choice, answer: 2 } })).toEqual({ statusCode: 400, message: 'This quiz takes a list of option indexes.' });
    expect(await refusal(CONTENT_PATTERNS.attempt, { id: project._id, body: { userId: learner, checkId: choice, answer: [7] } })).toEqual({ statusCode: 400, message: 'Option 7 does not exist.' });
    expect(await refusal(CONTENT_PATTERNS.attempt, { id: project._id, body: { userId: learner, checkId: number, sql: 'SELECT 25' } })).toEqual({ statusCode: 400, message: 'This check takes an answer.' });
    expect(await refusal(CONTENT_PATTERNS.attempt, { id: project._id, body: { userId: learner, checkId: number, answer: ['25'] } })).toEqual({ statusCode: 400, message: 'This quiz takes a number.' });
  });
});

describe('hints, failures and the solution', () => {
  it('unlocks a hint per failure, the solution after three, and records a reveal before the pass', async () => {
    const saved = await addCheck({ task: 'Every owner, A to Z.', referenceSql: 'SELECT owner FROM account ORDER BY owner', hints: ['SELECT owner.', 'ORDER BY owner.'], explanation: 'ORDER BY sorts.' });
    const checkId = lastCheck(saved);
    const someone = new Types.ObjectId().toHexString();
    expect(await refusal(CONTENT_PATTERNS.checkSolution, { projectId: project._id, userId: someone, checkId })).toEqual({ statusCode: 403, message: SOLUTION_LOCKED_MESSAGE });
    const wrong = { sql: 'SELECT owner FROM account ORDER BY owner DESC' };
    expect(await attempt(checkId, wrong, someone)).toMatchObject({ passed: false, hints: ['SELECT owner.'], failures: 1, solutionAvailable: false });
    expect(await attempt(checkId, wrong, someone)).toMatchObject({ hints: ['SELECT owner.', 'ORDER BY owner.'], failures: 2, solutionAvailable: false });
    expect(await refusal(CONTENT_PATTERNS.checkSolution, { projectId: project._id, userId: someone, checkId })).toEqual({ statusCode: 403, message: SOLUTION_LOCKED_MESSAGE });
    expect(await attempt(checkId, wrong, someone)).toMatchObject({ hints: ['SELECT owner.', 'ORDER BY owner.'], failures: 3, solutionAvailable: true });
    // A fourth failure unlocks nothing more, so nothing more is counted (or written).
    expect(await attempt(checkId, wrong, someone)).toMatchObject({ hints: ['SELECT owner.', 'ORDER BY owner.'], failures: 3, solutionAvailable: true });
    expect(await solution(checkId, someone)).toEqual({ solution: 'SELECT owner FROM account ORDER BY owner', explanation: 'ORDER BY sorts.' });
    expect(await attempt(checkId, { sql: 'SELECT owner FROM account ORDER BY owner' }, someone)).toMatchObject({ passed: true, failures: 3 });
    const progress = await passes(someone);
    expect(progress).toEqual({ passed: [checkId], solutionShown: [checkId], hints: { [checkId]: ['SELECT owner.', 'ORDER BY owner.'] }, failures: { [checkId]: 3 } });
    // Read back from the database, not only this instance's memory.
    expect(await suite.db.collection('check_passes').findOne({ _id: `${someone}:${project._id}` as never })).toMatchObject({ passed: [checkId], solutionShown: [checkId], failures: { [checkId]: 3 } });
  });

  it('a check passed first is solved, even if its solution is read afterwards', async () => {
    const saved = await addCheck({ task: 'Every owner, Z to A.', referenceSql: 'SELECT owner FROM account ORDER BY owner DESC' });
    const checkId = lastCheck(saved);
    const someone = new Types.ObjectId().toHexString();
    expect(await attempt(checkId, { sql: 'SELECT owner FROM account ORDER BY 1 DESC' }, someone)).toMatchObject({ passed: true, solutionAvailable: true });
    expect((await solution(checkId, someone)).solution).toBe('SELECT owner FROM account ORDER BY owner DESC');
    expect(await passes(someone)).toMatchObject({ passed: [checkId], solutionShown: [] });
  });
});

describe('mongo checks', () => {
  it('grades with mingo on the visible and the derived hidden documents', async () => {
    expect(await refusal(...routeCall(ROUTES.projects.addCheck, { params: { projectId: mongoProject._id }, body: { kind: 'mongo', task: 'Books after 1950 please.', referenceQuery: 'db.books.find({"year": {"$gt": 1950}' } }))).toMatchObject({ statusCode: 400 });
    const saved = await addCheck({ kind: 'mongo', task: 'Titles of books after 1950, oldest first.', referenceQuery: 'db.books.find({"year": {"$gt": 1950}}, {"title": 1, "_id": 0}).sort({"year": 1})' }, mongoProject._id);
    const checkId = lastCheck(saved);
    const tryIt = (query: string) => attempt(checkId, { query }, learner, mongoProject._id);
    expect(await tryIt('db.books.aggregate([{"$match": {"year": {"$gte": 1951}}}, {"$sort": {"year": 1}}, {"$project": {"_id": 0, "title": 1}}])')).toMatchObject({ passed: true });
    expect(await tryIt('db.books.find({"year": {"$gt": 1950}}, {"title": 1, "_id": 0})')).toMatchObject({
      passed: false,
      message: "The rows are right but not in the expected order: row 1 should be ('Solaris').",
    });
    // The visible titles typed in: right there, wrong on the hidden documents.
    expect(await tryIt('db.books.find({"title": {"$in": ["Solaris", "Dune", "Ubik", "Beloved"]}}, {"title": 1, "_id": 0}).sort({"year": 1})')).toMatchObject({ passed: false, message: expect.stringMatching(hiddenDataMessage) });
    expect(await tryIt('db.books.find({"year": ')).toMatchObject({ passed: false });
    expect(await refusal(CONTENT_PATTERNS.attempt, { id: mongoProject._id, body: { userId: learner, checkId, sql: 'SELECT 1' } })).toEqual({ statusCode: 400, message: 'This check takes a mongo query.' });
  });
});

describe('export and import carry every field', () => {
  it('exports hidden variants and whole checks of every kind, and brings them back', async () => {
    const before = await send<StoredChecks>(...routeCall(ROUTES.projects.storedChecks, { params: { projectId: project._id } }));
    expect(before.checks.map((check) => check.kind)).toEqual(expect.arrayContaining(['query', 'state', 'quiz']));
    const exported = (await exportAll(content)).courses.find((item) => item._id === sqlCourse._id)!;
    expect(exported.sandbox).toEqual({ kind: 'sql', source: BANK, hiddenSource: HIDDEN_BANK });
    expect(exported.projects[0]?.checks).toEqual(before.checks);
    await send(...routeCall(ROUTES.courses.delete, { params: { id: sqlCourse._id } }));
    expect(await content.send<ImportReport>(CONTENT_PATTERNS.importSlice, { courseOffset: 0, interviewOffset: 0, courses: [exported] }, 60_000)).toEqual({ created: 1, updated: 0, rejected: [] });
    expect(await send<StoredChecks>(...routeCall(ROUTES.projects.storedChecks, { params: { projectId: project._id } }))).toEqual(before);
    expect(await send<Sandbox>(CONTENT_PATTERNS.findSandboxWithHidden, { id: sqlCourse._id })).toEqual({ kind: 'sql', source: BANK, hiddenSource: HIDDEN_BANK });
    const broken = { ...exported, sandbox: { ...exported.sandbox, hiddenSource: 'CREATE TABLE t (a);\nINSERT INTO u VALUES (1);' } };
    expect((await content.send<ImportReport>(CONTENT_PATTERNS.importSlice, { courseOffset: 2, interviewOffset: 0, courses: [broken] }, 60_000)).rejected).toEqual([
      { path: 'courses[2].sandbox.hiddenSource', message: 'The hidden variant does not run: Line 2: no such table: u' },
    ]);
    const badQuiz = { ...exported, projects: exported.projects.map((item) => ({ ...item, checks: [{ _id: new Types.ObjectId().toHexString(), kind: 'quiz', task: 'A task long enough', hints: [], explanation: '', quiz: { type: 'choice', options: ['a', 'b'], correct: [5] } }] })) };
    expect((await content.send<ImportReport>(CONTENT_PATTERNS.importSlice, { courseOffset: 0, interviewOffset: 0, courses: [badQuiz] }, 60_000)).rejected).toEqual([
      { path: 'courses[0].projects[0].checks[0]', message: 'Quiz option 5 does not exist: correct indexes are 0 to 1.' },
    ]);
  });
});
