import {
  type AttemptResult,
  CHECK_NOT_FOUND_MESSAGE,
  type CheckPasses,
  type ChecksLeft,
  CONTENT_PATTERNS,
  type Course,
  COURSE_NOT_FOUND_MESSAGE,
  EVENT_SUBJECTS,
  type ImportReport,
  type Project,
  ROUTES,
  type Sandbox,
  SANDBOX_NOT_FOUND_MESSAGE,
  type StoredChecks,
} from '@dblearn/contracts';
import { domainEvent, OutboxRelay, storedEvent } from '@dblearn/nest-common';
import { type NatsCaller, routeCall } from '@dblearn/testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Types } from 'mongoose';
import { setTimeout as sleep } from 'node:timers/promises';
import { ProjectRecord } from '../src/common/project.schema.js';
import { type ContentSuite, eventually, startContentSuite } from './support/content-service.js';
import { publishedEvents } from './support/events.js';
import { exportAll } from './support/export.js';

// CONTRACT "Runnable SQL (sandboxes and checks)", svc-content's side, on the real FerretDB and NATS.

const LIBRARY = `CREATE TABLE member (id INTEGER PRIMARY KEY, name TEXT NOT NULL, city TEXT);
CREATE TABLE loan (id INTEGER PRIMARY KEY, member_id INTEGER REFERENCES member(id), title TEXT, returned INTEGER);
INSERT INTO member VALUES (1, 'Ada', 'London'), (2, 'Edgar', 'Oxford'), (3, 'Grace', NULL);
INSERT INTO loan VALUES (1, 1, 'Dune', 1), (2, 1, 'Emma', 0), (3, 2, 'Ulysses', 0);`;
const RUNAWAY = 'WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n) SELECT count(*) FROM n';

let suite: ContentSuite;
let content: NatsCaller;
let course: Course;
let project: Project;
const learner = new Types.ObjectId().toHexString();

const send = <T>(pattern: string, payload: unknown) => content.send<T>(pattern, payload, 10_000);
const attempt = (checkId: string, sql: string, userId = learner, projectId = project._id) =>
  send<AttemptResult>(CONTENT_PATTERNS.attempt, { id: projectId, body: { userId, checkId, sql } });
const addCheck = (task: string, referenceSql: string, projectId = project._id) => send<Project>(...routeCall(ROUTES.projects.addCheck, { params: { projectId }, body: { task, referenceSql } }));
const left = (userId = learner, projectId = project._id) => send<ChecksLeft>(CONTENT_PATTERNS.checksLeft, { userId, projectId });
const passes = (userId = learner, projectId = project._id) => send<CheckPasses>(CONTENT_PATTERNS.checkPasses, { userId, projectId });

beforeAll(async () => {
  // This file checks answers (caps, errors, isolation), not scheduling (sql-runner.spec owns that):
  // a job moved to the heavy-query process waits for idle CPU, which a CI box kept busy by other
  // sessions may not have, so its jobs stay in the pool for their first second of CPU.
  suite = await startContentSuite('svc_content_runnable', { SQL_HEAVY_CPU_MS: '1000' });
  ({ content } = suite);
  course = await send<Course>(...routeCall(ROUTES.courses.create, { body: { topic: 'sql', name: 'Library SQL', teacher: 'Edgar Codd', length: '2 hours' } }));
  project = await send<Project>(...routeCall(ROUTES.projects.create, { body: { title: 'Loans report', difficulty: 'beginner', courseId: course._id } }));
}, 60_000);

afterAll(() => suite?.close());

describe('sandboxes', () => {
  it('answers 404 for a course without one, then stores one that runs and answers the course', async () => {
    expect(await content.refusal(CONTENT_PATTERNS.findSandbox, { id: course._id })).toEqual({ statusCode: 404, message: SANDBOX_NOT_FOUND_MESSAGE });
    const saved = await send<Course>(...routeCall(ROUTES.courses.putSandbox, { params: { courseId: course._id }, body: { kind: 'sql', source: LIBRARY } }));
    expect(saved).toEqual(await send<Course>(CONTENT_PATTERNS.findCourse, { id: course._id }));
    expect(saved).not.toHaveProperty('sandbox');
    expect(await send<Sandbox>(CONTENT_PATTERNS.findSandbox, { id: course._id })).toEqual({ kind: 'sql', source: LIBRARY });
  });

  it('saves one new script on several courses at once (each save upserts the same script)', async () => {
    const courses = await Promise.all(
      [1, 2, 3, 4].map((n) => send<Course>(...routeCall(ROUTES.courses.create, { body: { topic: 'sql', name: `Shared sandbox ${n}`, teacher: 'Edgar Codd', length: '1 hour' } }))),
    );
    // A script no course had before: every save inserts it, and all but one meet a duplicate key.
    const source = `${LIBRARY}\n-- shared ${Date.now()}`;
    const saves = await Promise.allSettled(courses.map(({ _id }) => send<Course>(...routeCall(ROUTES.courses.putSandbox, { params: { courseId: _id }, body: { kind: 'sql', source } }))));
    expect(saves.map((save) => save.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'fulfilled']);
    for (const { _id } of courses) expect(await send<Sandbox>(CONTENT_PATTERNS.findSandbox, { id: _id })).toEqual({ kind: 'sql', source });
  });

  it('refuses a script that does not run, naming its line, and keeps the one before', async () => {
    const refusal = await content.refusal(...routeCall(ROUTES.courses.putSandbox, { params: { courseId: course._id }, body: { kind: 'sql', source: `${LIBRARY}\n\nINSERT INTO missing_table VALUES (1);` } }));
    expect(refusal).toEqual({ statusCode: 400, message: 'The sandbox script does not run: Line 6: no such table: missing_table' });
    expect((await send<Sandbox>(CONTENT_PATTERNS.findSandbox, { id: course._id })).source).toBe(LIBRARY);
  });

  it('refuses a script that attaches a file or runs past the time limit', async () => {
    expect((await content.refusal(...routeCall(ROUTES.courses.putSandbox, { params: { courseId: course._id }, body: { kind: 'sql', source: "ATTACH 'x.db' AS x;" } }))).message).toMatch(/ATTACH is not allowed/);
    const started = Date.now();
    const refusal = await content.refusal(...routeCall(ROUTES.courses.putSandbox, { params: { courseId: course._id }, body: { kind: 'sql', source: `CREATE TABLE t (n); INSERT INTO t ${RUNAWAY};` } }), 10_000);
    expect(refusal).toEqual({ statusCode: 400, message: 'The sandbox script ran longer than 2 s and was stopped.' });
    // Tried twice (a cold worker on a busy box gets a second chance), so two time limits and no more.
    expect(Date.now() - started).toBeLessThan(7_000);
  });

  it('checks a JSON sandbox for its shape and syntax', async () => {
    const other = await send<Course>(...routeCall(ROUTES.courses.create, { body: { topic: 'nosql', name: 'Documents', teacher: 'Edgar Codd', length: '2 hours' } }));
    const source = JSON.stringify({ books: [{ title: 'Dune', year: 1965 }] });
    await send(...routeCall(ROUTES.courses.putSandbox, { params: { courseId: other._id }, body: { kind: 'mongo', source } }));
    expect(await send<Sandbox>(CONTENT_PATTERNS.findSandbox, { id: other._id })).toEqual({ kind: 'mongo', source });
    expect((await content.refusal(...routeCall(ROUTES.courses.putSandbox, { params: { courseId: other._id }, body: { kind: 'mongo', source: '{"books": [1]}' } }))).message).toBe('Document 1 of "books" is not an object.');
    expect((await content.refusal(...routeCall(ROUTES.courses.putSandbox, { params: { courseId: other._id }, body: { kind: 'mongo', source: '{\n"books": [\n{"a": }]}' } }))).message).toMatch(/the sandbox is not valid JSON/);
  });

  it('answers 404 for an unknown course and 400 for a malformed id or a missing kind', async () => {
    expect((await content.refusal(...routeCall(ROUTES.courses.putSandbox, { params: { courseId: new Types.ObjectId().toHexString() }, body: { kind: 'sql', source: LIBRARY } }))).statusCode).toBe(404);
    expect((await content.refusal(...routeCall(ROUTES.courses.putSandbox, { params: { courseId: 'nope' }, body: { kind: 'sql', source: LIBRARY } }))).statusCode).toBe(400);
    expect((await content.refusal(...routeCall(ROUTES.courses.putSandbox, { params: { courseId: course._id }, body: { source: LIBRARY } }))).message).toEqual(['kind must be one of: sql, mongo.']);
  });
});

describe('checks and attempts', () => {
  let loansCheck: string;
  let membersCheck: string;

  it('adds checks whose reference runs, and shows only their tasks', async () => {
    const withOne = await addCheck('List each member with the number of books they have out.', 'SELECT m.name, count(l.id) FROM member m LEFT JOIN loan l ON l.member_id = m.id AND l.returned = 0 GROUP BY m.id');
    const withTwo = await addCheck('Names of members, alphabetically from the end.', 'SELECT name FROM member ORDER BY name DESC');
    expect(withOne.checks).toHaveLength(1);
    expect(withTwo.checks).toEqual([
      { _id: expect.stringMatching(/^[0-9a-f]{24}$/), kind: 'query', task: expect.any(String), hintCount: 0 },
      { _id: expect.any(String), kind: 'query', task: 'Names of members, alphabetically from the end.', hintCount: 0 },
    ]);
    [loansCheck, membersCheck] = withTwo.checks.map((check) => check._id) as [string, string];
    const found = await send<Project>(CONTENT_PATTERNS.findProject, { id: project._id });
    expect(found.checks).toEqual(withTwo.checks);
    expect(JSON.stringify(found)).not.toContain('SELECT');
  });

  it('gives the checks with their reference queries on the admins’ call (404 for an unknown project)', async () => {
    expect(await send<StoredChecks>(...routeCall(ROUTES.projects.storedChecks, { params: { projectId: project._id } }))).toEqual({
      checks: [
        { _id: loansCheck, kind: 'query', task: 'List each member with the number of books they have out.', referenceSql: expect.stringContaining('LEFT JOIN loan'), hints: [], explanation: '' },
        { _id: membersCheck, kind: 'query', task: 'Names of members, alphabetically from the end.', referenceSql: 'SELECT name FROM member ORDER BY name DESC', hints: [], explanation: '' },
      ],
    });
    expect(await content.refusal(...routeCall(ROUTES.projects.storedChecks, { params: { projectId: new Types.ObjectId().toHexString() } }))).toEqual({ statusCode: 404, message: 'Project not found.' });
    expect((await content.refusal(...routeCall(ROUTES.projects.storedChecks, { params: { projectId: 'nope' } }))).statusCode).toBe(400);
  });

  it('refuses a reference that does not run on the sandbox, and a project without a course sandbox', async () => {
    expect(await content.refusal(...routeCall(ROUTES.projects.addCheck, { params: { projectId: project._id }, body: { task: 'A task long enough', referenceSql: 'SELECT nope FROM member' } }))).toEqual({
      statusCode: 400,
      message: "The reference query does not run on the course's sandbox: Line 1: no such column: nope",
    });
    const loose = await send<Project>(...routeCall(ROUTES.projects.create, { body: { title: 'No course', difficulty: 'beginner' } }));
    expect((await content.refusal(...routeCall(ROUTES.projects.addCheck, { params: { projectId: loose._id }, body: { task: 'A task long enough', referenceSql: 'SELECT 1' } }))).statusCode).toBe(400);
    expect((await content.refusal(...routeCall(ROUTES.projects.addCheck, { params: { projectId: project._id }, body: { task: 'short', referenceSql: 'SELECT 1' } }))).message).toEqual(['Task must be 10 to 3000 characters long.']);
  });

  it('fails a wrong result with a reason, the learner’s rows and the first expected ones, and remembers nothing', async () => {
    const wrong = await attempt(loansCheck, 'SELECT name FROM member');
    expect(wrong).toEqual({
      passed: false,
      message: 'Expected 2 columns, got 1.',
      columns: ['name'],
      rows: [['Ada'], ['Edgar'], ['Grace']],
      rowCount: 3,
      expected: { columns: ['name', 'count(l.id)'], rows: [['Ada', 1], ['Edgar', 1], ['Grace', 0]], rowCount: 3 },
      hints: [],
      failures: 1,
      solutionAvailable: false,
    });
    expect(JSON.stringify(wrong)).not.toContain('LEFT JOIN');
    const many = await attempt(membersCheck, 'SELECT name FROM (SELECT name, 0 AS k FROM member UNION ALL SELECT a.name, 1 FROM member a, member b, member c, member d) ORDER BY k, name DESC');
    expect(many).toMatchObject({ message: "81 rows are extra, e.g. ('Grace').", rowCount: 84, expected: { columns: ['name'], rows: [['Grace'], ['Edgar'], ['Ada']], rowCount: 3 } });
    expect(many.rows).toHaveLength(50);
    expect((await attempt(membersCheck, 'SELECT name FROM member ORDER BY name')).message).toBe("The rows are right but not in the expected order: row 1 should be ('Grace').");
    expect((await attempt(membersCheck, "SELECT name FROM member WHERE name <> 'Ada' ORDER BY name DESC")).message).toBe("1 expected row is missing, e.g. ('Ada').");
    expect((await left()).left.map((check) => check._id)).toEqual([loansCheck, membersCheck]);
    expect(await passes()).toEqual({ passed: [], solutionShown: [], hints: {}, failures: { [loansCheck]: 1, [membersCheck]: 3 } });
  });

  it('passes a differently written query with the same rows in any order, and remembers the pass', async () => {
    const sql = `SELECT name AS member, (SELECT count(*) FROM loan WHERE member_id = member.id AND NOT returned) AS out
                 FROM member ORDER BY out DESC`;
    const pass = await attempt(loansCheck, sql);
    expect(pass).toMatchObject({ passed: true, columns: ['member', 'out'], rowCount: 3 });
    expect(pass).not.toHaveProperty('expected');
    expect(pass.rows).toHaveLength(3);
    expect((await left()).left.map((check) => check._id)).toEqual([membersCheck]);
    expect(await passes()).toMatchObject({ passed: [loansCheck] });
    await attempt(membersCheck, 'select name from member order by 1 desc;');
    expect(await left()).toEqual({ left: [] });
    expect(await passes()).toMatchObject({ passed: [loansCheck, membersCheck] });
    expect(await passes(new Types.ObjectId().toHexString())).toEqual({ passed: [], solutionShown: [], hints: {}, failures: {} });
    expect(await left(new Types.ObjectId().toHexString())).toEqual({ left: expect.arrayContaining([expect.objectContaining({ _id: loansCheck })]) });
  });

  it('publishes check.attempted on the attempts that write (first three failures, first pass) and solution-shown on a reveal, nothing on a repeat', async () => {
    await attempt(membersCheck, 'select name from member order by 1 desc'); // a repeated pass: writes and publishes nothing
    const other = new Types.ObjectId().toHexString();
    for (let i = 0; i < 4; i += 1) await attempt(loansCheck, 'SELECT 1, 2', other); // the fourth failure writes nothing
    await send(CONTENT_PATTERNS.checkSolution, { projectId: project._id, checkId: loansCheck, userId: other });
    await send(CONTENT_PATTERNS.checkSolution, { projectId: project._id, checkId: loansCheck, userId: other }); // shown already
    const published = async (subject: string, checkId: string) => publishedEvents(suite.infra.natsUrl, subject, checkId);
    await eventually(async () => (await published(EVENT_SUBJECTS.solutionShown, loansCheck)).length > 0, 20_000, 'solution-shown is published');
    const members = await published(EVENT_SUBJECTS.checkAttempted, membersCheck);
    expect(members.map(({ passed, failuresBefore, failureKind, userId }) => ({ passed, failuresBefore, failureKind, userId }))).toEqual([
      { passed: false, failuresBefore: 0, failureKind: 'extra-rows', userId: learner },
      { passed: false, failuresBefore: 1, failureKind: 'order', userId: learner },
      { passed: false, failuresBefore: 2, failureKind: 'missing-rows', userId: learner },
      { passed: true, failuresBefore: 3, failureKind: null, userId: learner },
    ]);
    expect(members[3]).toMatchObject({ projectId: project._id, answer: 'select name from member order by 1 desc;' });
    const loans = (await published(EVENT_SUBJECTS.checkAttempted, loansCheck)).filter((event) => event.userId === other);
    expect(loans.map(({ failuresBefore, failureKind, answer }) => ({ failuresBefore, failureKind, answer }))).toEqual(
      [0, 1, 2].map((failuresBefore) => ({ failuresBefore, failureKind: 'values', answer: 'SELECT 1, 2' })),
    );
    expect((await published(EVENT_SUBJECTS.solutionShown, loansCheck)).map(({ userId, projectId }) => ({ userId, projectId }))).toEqual([{ userId: other, projectId: project._id }]);
  });

  it('answers an error with its line, refuses ATTACH and file PRAGMAs, and a 10 kB garbage query cleanly', async () => {
    expect(await attempt(loansCheck, 'SELECT 1;\nSELECT * FROM nowhere')).toMatchObject({ passed: false, message: 'Line 2: no such table: nowhere' });
    expect((await attempt(loansCheck, "ATTACH DATABASE '/etc/passwd' AS secrets; SELECT 1")).message).toBe('ATTACH is not allowed here (line 1).');
    // The engine is built without extensions (OMIT_LOAD_EXTENSION): there is no such function to call.
    expect((await attempt(loansCheck, "SELECT load_extension('/tmp/evil')")).message).toBe('Line 1: no such function: load_extension');
    expect((await attempt(loansCheck, "SELECT $a(');\nPRAGMA hard_heap_limit=65536; SELECT $b(')")).message).toBe('PRAGMA hard_heap_limit is not allowed here (line 2).');
    expect((await attempt(loansCheck, 'PRAGMA temp_store_directory')).message).toBe('PRAGMA temp_store_directory is not allowed here (line 1).');
    const garbage = await attempt(loansCheck, `${'qz'.repeat(3000)} ${'}{'.repeat(2000)}`);
    expect(garbage.passed).toBe(false);
    expect(garbage.message).toMatch(/^Line 1: near ".*": syntax error$/);
    expect(garbage.message.length).toBeLessThan(200);
  });

  it('answers a query that asks for a huge amount of memory with an error, not a grown worker', async () => {
    expect(await attempt(loansCheck, 'SELECT length(randomblob(500000000))')).toMatchObject({ passed: false, message: 'Line 1: out of memory' });
    expect((await attempt(membersCheck, 'SELECT name FROM member ORDER BY name DESC')).passed).toBe(true);
  });

  it('answers a result too large to read as a failed attempt, three times over, and then a correct one (issue 17 finding 2)', async () => {
    const huge = 'WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i+1 FROM c WHERE i<9999) SELECT i, hex(zeroblob(15000)) FROM c';
    for (let round = 0; round < 3; round += 1) {
      expect(await attempt(loansCheck, huge)).toMatchObject({ passed: false, message: 'Your result is too large (over 4 MB); add a LIMIT.' });
    }
    expect(await attempt(loansCheck, 'SELECT 1;\nSELECT hex(zeroblob(1500000))')).toMatchObject({ passed: false, message: 'A value in your result is too large (over 1 MB).' });
    // 2.7 MB of values under the caps: compared whole, shown cut, well inside NATS's 1 MB.
    const wide = await attempt(membersCheck, 'SELECT hex(zeroblob(450000)) || name FROM member');
    expect(wide).toMatchObject({ passed: false, rowCount: 3 });
    expect(wide.rows?.[0]?.[0]).toHaveLength(2001);
    expect(Buffer.byteLength(JSON.stringify(wide))).toBeLessThan(300 * 1024);
    expect((await attempt(membersCheck, 'SELECT name FROM member ORDER BY name DESC')).passed).toBe(true);
  });

  it('a learner’s DELETE changes only their own copy of the sandbox', async () => {
    // Foreign keys are on in every copy: the loans go first.
    expect((await attempt(membersCheck, 'DELETE FROM member; SELECT name FROM member')).message).toBe('Line 1: FOREIGN KEY constraint failed');
    expect((await attempt(membersCheck, 'DELETE FROM loan; DELETE FROM member; SELECT name FROM member')).message).toBe("3 expected rows are missing, e.g. ('Grace').");
    expect((await attempt(membersCheck, 'SELECT name FROM member ORDER BY name DESC')).passed).toBe(true);
  });

  it('stops a runaway query at 2 s with passed false, while other attempts still answer', async () => {
    const started = Date.now();
    const runaway = attempt(loansCheck, RUNAWAY);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const quickStarted = Date.now();
    const quick = await attempt(membersCheck, 'SELECT name FROM member ORDER BY name DESC');
    expect(quick.passed).toBe(true);
    expect(Date.now() - quickStarted).toBeLessThan(1_000);
    expect(await runaway).toMatchObject({ passed: false, message: 'Your query ran longer than 2 s and was stopped.' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_000);
    expect(Date.now() - started).toBeLessThan(4_000);
    expect((await attempt(membersCheck, 'SELECT name FROM member ORDER BY name DESC')).passed).toBe(true);
  });

  it('answers 404 for a check of another project, an unknown check and an unknown project', async () => {
    const other = await send<Project>(...routeCall(ROUTES.projects.create, { body: { title: 'Other project', difficulty: 'beginner', courseId: course._id } }));
    expect(await content.refusal(CONTENT_PATTERNS.attempt, { id: other._id, body: { userId: learner, checkId: loansCheck, sql: 'SELECT 1' } })).toEqual({ statusCode: 404, message: CHECK_NOT_FOUND_MESSAGE });
    expect((await content.refusal(CONTENT_PATTERNS.attempt, { id: project._id, body: { userId: learner, checkId: new Types.ObjectId().toHexString(), sql: 'SELECT 1' } })).statusCode).toBe(404);
    expect((await content.refusal(CONTENT_PATTERNS.attempt, { id: new Types.ObjectId().toHexString(), body: { userId: learner, checkId: loansCheck, sql: 'SELECT 1' } })).statusCode).toBe(404);
    expect(await left(learner, other._id)).toEqual({ left: [] });
    expect(await passes(learner, other._id)).toEqual({ passed: [], solutionShown: [], hints: {}, failures: {} });
    expect((await content.refusal(CONTENT_PATTERNS.checkPasses, { projectId: new Types.ObjectId().toHexString(), userId: learner })).statusCode).toBe(404);
  });

  it('edits a check in its place: new wording keeps its id and passes, a new reference gets a new id and drops them', async () => {
    const update = (id: string, task: string, referenceSql: string) => send<Project>(...routeCall(ROUTES.projects.updateCheck, { params: { projectId: project._id }, body: { id, task, referenceSql } }));
    const stored = () => send<StoredChecks>(...routeCall(ROUTES.projects.storedChecks, { params: { projectId: project._id } }));
    expect(await passes()).toMatchObject({ passed: [loansCheck, membersCheck] });
    const loans = (await stored()).checks[0];
    expect(loans?.kind).toBe('query');
    const reworded = await update(loansCheck, 'Each member with the number of books not yet returned.', loans?.kind === 'query' ? loans.referenceSql : '');
    expect(reworded.checks).toEqual([
      { _id: loansCheck, kind: 'query', task: 'Each member with the number of books not yet returned.', hintCount: 0 },
      { _id: membersCheck, kind: 'query', task: 'Names of members, alphabetically from the end.', hintCount: 0 },
    ]);
    expect(await passes()).toMatchObject({ passed: [loansCheck, membersCheck] });

    const before = await stored();
    const refused = { id: membersCheck, task: 'Names of members, A to Z.', referenceSql: 'SELECT nope FROM member' };
    const edit = (body: object, projectId: string = project._id) => content.refusal(...routeCall(ROUTES.projects.updateCheck, { params: { projectId }, body }));
    expect(await edit(refused)).toEqual({
      statusCode: 400,
      message: "The reference query does not run on the course's sandbox: Line 1: no such column: nope",
    });
    expect((await edit({ ...refused, task: 'short', referenceSql: 'x'.repeat(10 * 1024 + 1) })).message).toEqual([
      'Task must be 10 to 3000 characters long.',
      'Reference query must be at most 10240 characters long.',
    ]);
    expect(await edit({ ...refused, id: 'nope' })).toEqual({ statusCode: 400, message: ['id must be a valid id.'] });
    expect(await edit(refused, 'nope')).toEqual({ statusCode: 400, message: ['projectId must be a valid id.'] });
    expect(await edit({ ...refused, extra: 1 })).toEqual({ statusCode: 400, message: ['The field "extra" is not allowed.'] });
    const [pattern, call] = routeCall(ROUTES.projects.updateCheck, { params: { projectId: project._id }, body: refused });
    expect(await content.refusal(pattern, { ...call, extra: 1 })).toEqual({ statusCode: 400, message: ['The field "extra" is not allowed.'] });
    const unknown = { ...refused, referenceSql: 'SELECT 1' };
    expect(await edit({ ...unknown, id: new Types.ObjectId().toHexString() })).toEqual({ statusCode: 404, message: CHECK_NOT_FOUND_MESSAGE });
    expect(await edit(unknown, new Types.ObjectId().toHexString())).toEqual({ statusCode: 404, message: 'Project not found.' });
    expect(await stored()).toEqual(before);

    const rewritten = await update(membersCheck, 'Names of members, A to Z.', 'SELECT name FROM member ORDER BY name');
    const [first, second] = rewritten.checks;
    expect(first).toEqual({ _id: loansCheck, kind: 'query', task: 'Each member with the number of books not yet returned.', hintCount: 0 });
    expect(second).toEqual({ _id: expect.stringMatching(/^[0-9a-f]{24}$/), kind: 'query', task: 'Names of members, A to Z.', hintCount: 0 });
    expect(second!._id).not.toBe(membersCheck);
    expect((await stored()).checks[1]).toEqual({ _id: second!._id, kind: 'query', task: second!.task, referenceSql: 'SELECT name FROM member ORDER BY name', hints: [], explanation: '' });
    expect(await send<Project>(CONTENT_PATTERNS.findProject, { id: project._id })).toMatchObject({ checks: rewritten.checks });
    // The pass earned against the old reference no longer counts: Finish waits for the new check.
    expect(await passes()).toMatchObject({ passed: [loansCheck] });
    expect((await left()).left).toEqual([second]);
    expect((await content.refusal(CONTENT_PATTERNS.attempt, { id: project._id, body: { userId: learner, checkId: membersCheck, sql: 'SELECT 1' } })).statusCode).toBe(404);
    expect((await attempt(second!._id, 'SELECT name FROM member ORDER BY name DESC')).message).toBe("The rows are right but not in the expected order: row 1 should be ('Ada').");
    expect((await attempt(second!._id, 'SELECT name FROM member ORDER BY name')).passed).toBe(true);
    expect(await left()).toEqual({ left: [] });
    membersCheck = second!._id;
  });

  it('keeps both of two edits of one project sent at once (the checks are rewritten under a lock)', async () => {
    const { checks } = await send<StoredChecks>(...routeCall(ROUTES.projects.storedChecks, { params: { projectId: project._id } }));
    await Promise.all(
      checks.map((check, index) => send<Project>(...routeCall(ROUTES.projects.updateCheck, { params: { projectId: project._id }, body: { id: check._id, task: `Reworded task number ${index + 1}.`, referenceSql: check.kind === 'query' ? check.referenceSql : '' } }))),
    );
    expect((await send<Project>(CONTENT_PATTERNS.findProject, { id: project._id })).checks).toEqual([
      { _id: loansCheck, kind: 'query', task: 'Reworded task number 1.', hintCount: 0 },
      { _id: membersCheck, kind: 'query', task: 'Reworded task number 2.', hintCount: 0 },
    ]);
  });

  it('removes a check (404 for one it does not have)', async () => {
    const after = await send<Project>(...routeCall(ROUTES.projects.deleteCheck, { params: { projectId: project._id }, body: { id: membersCheck } }));
    expect(after.checks.map((check) => check._id)).toEqual([loansCheck]);
    expect(await content.refusal(...routeCall(ROUTES.projects.deleteCheck, { params: { projectId: project._id }, body: { id: membersCheck } }))).toEqual({ statusCode: 404, message: CHECK_NOT_FOUND_MESSAGE });
    expect((await content.refusal(CONTENT_PATTERNS.attempt, { id: project._id, body: { userId: learner, checkId: membersCheck, sql: 'SELECT 1' } })).statusCode).toBe(404);
    expect(await passes()).toMatchObject({ passed: [loansCheck] });
  });
});

describe('export and import carry sandboxes and checks', () => {
  const importSlice = (payload: object) => content.send<ImportReport>(CONTENT_PATTERNS.importSlice, { courseOffset: 0, interviewOffset: 0, ...payload }, 60_000);

  it('exports the sandbox and whole checks, and brings them back after the course was deleted', async () => {
    const exported = (await exportAll(content)).courses.find((item) => item._id === course._id);
    expect(exported?.sandbox).toEqual({ kind: 'sql', source: LIBRARY, hiddenSource: null });
    const checks = exported?.projects.find((item) => item._id === project._id)?.checks;
    expect(checks).toEqual([{ _id: expect.any(String), kind: 'query', task: expect.any(String), referenceSql: expect.stringContaining('LEFT JOIN loan'), hints: [], explanation: '' }]);
    await send(...routeCall(ROUTES.courses.delete, { params: { id: course._id } }));
    expect(await importSlice({ courses: [exported] })).toEqual({ created: 1, updated: 0, rejected: [] });
    expect(await send<Sandbox>(CONTENT_PATTERNS.findSandbox, { id: course._id })).toEqual({ kind: 'sql', source: LIBRARY });
    const checkId = checks?.[0]?._id as string;
    expect((await attempt(checkId, 'SELECT m.name, (SELECT count(*) FROM loan WHERE member_id = m.id AND returned = 0) FROM member m')).passed).toBe(true);
  });

  it('rejects a course whose sandbox does not run, or whose reference does not run on it, with the path', async () => {
    const exported = (await exportAll(content)).courses.find((item) => item._id === course._id)!;
    const broken = { ...exported, sandbox: { kind: 'sql', source: 'CREATE TABLE t (a);\nINSERT INTO u VALUES (1);' } };
    expect((await importSlice({ courses: [broken], courseOffset: 4 })).rejected).toEqual([
      { path: 'courses[4].sandbox.source', message: 'The sandbox script does not run: Line 2: no such table: u' },
    ]);
    const badCheck = { ...exported, projects: exported.projects.map((item) => ({ ...item, checks: [{ _id: new Types.ObjectId().toHexString(), task: 'A task long enough', referenceSql: 'SELECT * FROM t' }] })) };
    expect((await importSlice({ courses: [badCheck] })).rejected).toEqual([
      { path: 'courses[0].projects[0].checks[0].referenceSql', message: "The reference query does not run on the course's sandbox: Line 1: no such table: t" },
    ]);
    expect(await send<Sandbox>(CONTENT_PATTERNS.findSandbox, { id: course._id })).toEqual({ kind: 'sql', source: LIBRARY });
  });
});

// FerretDB loses one of two concurrent updates of a document: every writer of a project takes the
// same lock (the project store's atomic step), so a check write, a title edit, an attach and an import of one project at
// the same moment all stay. Many rounds, because one race in a few goes either way.
describe('every writer of a project takes its one lock', () => {
  const ROUNDS = 12;
  const RELAY_ROUNDS = 36;
  const tasks = (upTo: number) => Array.from({ length: upTo }, (_, index) => `Raced check number ${index + 1}.`);
  const sqlCourse = async (name: string) => {
    const created = await send<Course>(...routeCall(ROUTES.courses.create, { body: { topic: 'sql', name, teacher: 'Edgar Codd', length: '1 hour' } }));
    await send(...routeCall(ROUTES.courses.putSandbox, { params: { courseId: created._id }, body: { kind: 'sql', source: LIBRARY } }));
    return created;
  };

  it('keeps a check write, a title edit with a block and an attach sent at once, every round', async () => {
    const homes = [await sqlCourse('Race home A'), await sqlCourse('Race home B')];
    const raced = await send<Project>(...routeCall(ROUTES.projects.create, { body: { title: 'Raced project', difficulty: 'beginner', courseId: homes[0]!._id } }));
    for (let round = 1; round <= ROUNDS; round += 1) {
      const courseId = homes[round % 2]!._id;
      const title = `Raced project ${round}`;
      await Promise.all([
        addCheck(`Raced check number ${round}.`, 'SELECT name FROM member', raced._id),
        send<Project>(...routeCall(ROUTES.projects.update, { params: { id: raced._id }, body: { title, difficulty: 'intermediate', content: { header: `Block ${round}`, detail: 'SELECT 1;' } } })),
        send<Course>(...routeCall(ROUTES.courses.attachProject, { params: { courseId }, body: { id: raced._id } })),
      ]);
      const found = await send<Project>(CONTENT_PATTERNS.findProject, { id: raced._id });
      expect({ round, title: found.title, courseId: found.courseId }).toEqual({ round, title, courseId });
      expect(found.checks.map((check) => check.task)).toEqual(tasks(round));
      expect(found.contents.map((block) => block.header)).toEqual(Array.from({ length: round }, (_, index) => `Block ${index + 1}`));
      expect((await send<Course>(CONTENT_PATTERNS.findCourse, { id: courseId })).projects).toEqual([{ _id: raced._id, title, difficulty: 'intermediate' }]);
    }
  }, 120_000);

  it("keeps a title edit with a block and the relay's background clear of the project's events at once, every round", async () => {
    const relay = suite.service.get(OutboxRelay);
    const projects = suite.db.collection<{ _id: Types.ObjectId; title: string; pendingEvents?: unknown[] }>('projects');
    const raced = await send<Project>(...routeCall(ROUTES.projects.create, { body: { title: 'Relayed project', difficulty: 'beginner' } }));
    const _id = new Types.ObjectId(raced._id);
    const pending = async () => (await projects.findOne({ _id }))?.pendingEvents?.length ?? 0;
    for (let round = 1; round <= RELAY_ROUNDS; round += 1) {
      // As a write whose inline publish timed out leaves it: an event on the project, for the relay to clear.
      const left = domainEvent(EVENT_SUBJECTS.projectUpdated, { entityId: raced._id, title: 'left', difficulty: 'beginner', courseId: null });
      await projects.updateOne({ _id }, { $push: { pendingEvents: storedEvent(left) } });
      const title = `Relayed project ${round}`;
      // The clear starts a little before or after the edit, a different step each round.
      const shift = (round % 9) - 4;
      await Promise.all([
        sleep(Math.max(shift, 0)).then(() => relay.publishSoon(ProjectRecord.name, _id)),
        sleep(Math.max(-shift, 0)).then(() => send<Project>(...routeCall(ROUTES.projects.update, { params: { id: raced._id }, body: { title, difficulty: 'beginner', content: { header: `Block ${round}`, detail: 'SELECT 1;' } } }))),
      ]);
      await eventually(async () => (await pending()) === 0, 10_000, `round ${round}: the events are cleared`);
      const found = await send<Project>(CONTENT_PATTERNS.findProject, { id: raced._id });
      expect({ round, title: found.title, blocks: found.contents.length }).toEqual({ round, title, blocks: round });
    }
  }, 120_000);

  it('keeps a check write sent while an import rewrites the same project, every round', async () => {
    const home = await sqlCourse('Race import home');
    const raced = await send<Project>(...routeCall(ROUTES.projects.create, { body: { title: 'Imported race', difficulty: 'beginner', courseId: home._id } }));
    const exported = (await exportAll(content)).courses.find((item) => item._id === home._id)!;
    for (let round = 1; round <= ROUNDS; round += 1) {
      const title = `Imported race ${round}`;
      // No `checks` in the file: the project keeps its own.
      const file = { ...exported, projects: exported.projects.map(({ checks: _checks, ...item }) => ({ ...item, title })) };
      const [report] = await Promise.all([
        content.send<ImportReport>(CONTENT_PATTERNS.importSlice, { courses: [file], courseOffset: 0, interviewOffset: 0 }, 60_000),
        addCheck(`Raced check number ${round}.`, 'SELECT name FROM member', raced._id),
      ]);
      expect(report).toEqual({ created: 0, updated: 1, rejected: [] });
      const found = await send<Project>(CONTENT_PATTERNS.findProject, { id: raced._id });
      expect({ round, title: found.title }).toEqual({ round, title });
      expect(found.checks.map((check) => check.task)).toEqual(tasks(round));
    }
  }, 120_000);

  // The import writes the course under its course lock: an attach lands before the import's course
  // write (the file then replaces the list and the item is released with it) or after it (both stay);
  // never the item pointing at the course without its entry, nor the file's fields lost.
  it('keeps an import of a course and an attach to it sent at once, every round', async () => {
    const home = await sqlCourse('Imported attach home');
    const listed = await send<Project>(...routeCall(ROUTES.projects.create, { body: { title: 'Listed project', difficulty: 'beginner', courseId: home._id } }));
    const joining = await send<Project>(...routeCall(ROUTES.projects.create, { body: { title: 'Joining project', difficulty: 'beginner' } }));
    const exported = (await exportAll(content)).courses.find((item) => item._id === home._id)!;
    for (let round = 1; round <= ROUNDS; round += 1) {
      const name = `Imported attach home ${round}`;
      const [report] = await Promise.all([
        content.send<ImportReport>(CONTENT_PATTERNS.importSlice, { courses: [{ ...exported, name }], courseOffset: 0, interviewOffset: 0 }, 60_000),
        sleep((round % 6) * 3).then(() => send<Course>(...routeCall(ROUTES.courses.attachProject, { params: { courseId: home._id }, body: { id: joining._id } }))),
      ]);
      expect(report).toEqual({ created: 0, updated: 1, rejected: [] });
      const found = await send<Course>(CONTENT_PATTERNS.findCourse, { id: home._id });
      const joined = (await send<Project>(CONTENT_PATTERNS.findProject, { id: joining._id })).courseId === home._id;
      const entries = found.projects.map((entry) => entry._id);
      expect({ round, name: found.name, entries }).toEqual({ round, name, entries: joined ? [listed._id, joining._id] : [listed._id] });
      await send<Course>(...routeCall(ROUTES.courses.detachProject, { params: { courseId: home._id }, body: { id: joining._id } }));
    }
  }, 120_000);

  // A course delete takes its items' locks: a project moved away first stays (listed where it went),
  // one still in the course is deleted and listed nowhere; never a deleted project left in a course's
  // list, nor a project pointing at the deleted course.
  it("deletes a course while one of its projects is edited and moved: no orphan, no resurrected project, every round", async () => {
    const elsewhere = await send<Course>(...routeCall(ROUTES.courses.create, { body: { topic: 'sql', name: 'Elsewhere', teacher: 'Edgar Codd', length: '1 hour' } }));
    const projects = suite.db.collection<{ _id: Types.ObjectId; courseId: Types.ObjectId | null }>('projects');
    for (let round = 1; round <= RELAY_ROUNDS; round += 1) {
      const doomed = await send<Course>(...routeCall(ROUTES.courses.create, { body: { topic: 'sql', name: `Doomed ${round}`, teacher: 'Edgar Codd', length: '1 hour' } }));
      const raced = await send<Project>(...routeCall(ROUTES.projects.create, { body: { title: `Doomed project ${round}`, difficulty: 'beginner', courseId: doomed._id } }));
      const shift = (round % 9) - 4;
      const outcomes = await Promise.allSettled([
        sleep(Math.max(shift, 0)).then(() => send(...routeCall(ROUTES.courses.delete, { params: { id: doomed._id } }))),
        sleep(Math.max(-shift, 0)).then(() => send<Course>(...routeCall(ROUTES.courses.attachProject, { params: { courseId: elsewhere._id }, body: { id: raced._id } }))),
        sleep(round % 3).then(() => send<Project>(...routeCall(ROUTES.projects.update, { params: { id: raced._id }, body: { title: `Edited ${round}`, difficulty: 'intermediate' } }))),
      ]);
      expect({ round, deleted: outcomes[0]!.status }).toEqual({ round, deleted: 'fulfilled' });
      await sleep(50);
      const stored = await projects.findOne({ _id: new Types.ObjectId(raced._id) });
      const listed = (await send<Course>(CONTENT_PATTERNS.findCourse, { id: elsewhere._id })).projects.filter((entry) => entry._id === raced._id);
      const moved = outcomes[1]!.status === 'fulfilled';
      expect({ round, moved, exists: stored !== null, courseId: stored ? String(stored.courseId) : null, listed: listed.length }).toEqual(
        moved ? { round, moved, exists: true, courseId: elsewhere._id, listed: 1 } : { round, moved, exists: false, courseId: null, listed: 0 },
      );
    }
  }, 120_000);

  it('deletes a course while a project is created in it: the project is deleted too or refused, never left pointing at it, every round', async () => {
    const projects = suite.db.collection<{ _id: Types.ObjectId; courseId: Types.ObjectId | null }>('projects');
    for (let round = 1; round <= RELAY_ROUNDS; round += 1) {
      const doomed = await send<Course>(...routeCall(ROUTES.courses.create, { body: { topic: 'sql', name: `Doomed home ${round}`, teacher: 'Edgar Codd', length: '1 hour' } }));
      const shift = (round % 9) - 4;
      const [, created] = await Promise.allSettled([
        sleep(Math.max(shift, 0)).then(() => send(...routeCall(ROUTES.courses.delete, { params: { id: doomed._id } }))),
        sleep(Math.max(-shift, 0)).then(() => send<Project>(...routeCall(ROUTES.projects.create, { body: { title: `Born late ${round}`, difficulty: 'beginner', courseId: doomed._id } }))),
      ]);
      await sleep(50);
      const left = await projects.countDocuments({ courseId: new Types.ObjectId(doomed._id) });
      // Created (and then deleted with the course), or refused with the course's 404.
      const { statusCode, message } = created!.status === 'rejected' ? (created!.reason as { statusCode: number; message: string }) : { statusCode: 201, message: 'created' };
      expect({ round, left }).toEqual({ round, left: 0 });
      expect([{ statusCode: 201, message: 'created' }, { statusCode: 404, message: COURSE_NOT_FOUND_MESSAGE }]).toContainEqual({ statusCode, message });
    }
  }, 120_000);
});
