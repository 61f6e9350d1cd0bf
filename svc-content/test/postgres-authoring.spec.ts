import { CONTENT_PATTERNS, type Course, type ExportedCourse, type ImportReport, ROUTES, type Sandbox } from '@dblearn/contracts';
import { findRepoRoot, type PrivateServer, startPrivatePostgres } from '@dblearn/infra';
import { type NatsCaller, routeCall } from '@dblearn/testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Types } from 'mongoose';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SHIPPED_CONTENT_DIR } from '../src/config/content-config.js';
import { POSTGRES_NOT_CHECKED_MESSAGE } from '../src/postgres-lab/postgres-grading.service.js';
import { readContentFolder } from '../src/seed/content-folder.js';
import { type ContentSuite, startContentSuite } from './support/content-service.js';
import { exportAll, importAll } from './support/export.js';

// Issue 32, the author's side, on the real FerretDB, NATS and a PostgreSQL of this suite's own: a
// sandbox or an imported check that fails on PostgreSQL is refused naming its line, as on SQLite;
// the shipped content goes through export and import judged on both engines; with the server
// stopped, SQLite's judgement stands and the import says PostgreSQL did not see it.

const SHOP = `CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL, price INTEGER NOT NULL);
INSERT INTO item VALUES (1, 'pen', 2), (2, 'book', 12), (3, 'lamp', 30);`;
/** Loads on SQLite, not on PostgreSQL (WITHOUT ROWID), its failure on line 3. */
const SQLITE_ONLY_SHOP = `${SHOP}\nCREATE TABLE tag (name TEXT PRIMARY KEY) WITHOUT ROWID;`;
const DAYS_SQLITE = "SELECT name, julianday('2024-01-31') - julianday('2024-01-01') AS days FROM item ORDER BY id";
const DAYS_POSTGRES = "SELECT name, DATE '2024-01-31' - DATE '2024-01-01' AS days FROM item ORDER BY id";

let dataDir: string;
let server: PrivateServer;
let suite: ContentSuite;
let content: NatsCaller;
let course: Course;

const send = <T>(pattern: string, payload: unknown) => content.send<T>(pattern, payload, 60_000);
const importSlice = (courses: unknown[]) => send<ImportReport>(CONTENT_PATTERNS.importSlice, { courses, courseOffset: 0, interviewOffset: 0 });
const id = () => new Types.ObjectId().toHexString();

/** A course of its own with one project and these checks, on `source`. */
function courseFile(checks: object[], source = SHOP): ExportedCourse {
  return {
    _id: id(),
    topic: 'sql',
    name: 'Shop on both engines',
    teacher: 'Edgar Codd',
    length: '1 hour',
    tutorials: [],
    projects: [{ _id: id(), title: 'Shop report', difficulty: 'beginner', contents: [], checks: checks.map((check) => ({ _id: id(), hints: [], explanation: '', ...check })) }],
    sandbox: { kind: 'sql', source, hiddenSource: null },
  } as unknown as ExportedCourse;
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'dblearn-pg-authoring-'));
  server = await startPrivatePostgres(findRepoRoot(), dataDir);
  suite = await startContentSuite('svc_content_pg_authoring', { POSTGRES_URL: server.url });
  ({ content } = suite);
  course = await send<Course>(...routeCall(ROUTES.courses.create, { body: { topic: 'sql', name: 'The corner shop', teacher: 'Edgar Codd', length: '2 hours' } }));
}, 180_000);

afterAll(async () => {
  await suite?.close();
  await server?.handle.stop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('a sandbox saved by an admin', () => {
  it('is refused when it does not load on PostgreSQL, naming the line, and the course keeps its sandbox', async () => {
    await send(...routeCall(ROUTES.courses.putSandbox, { params: { courseId: course._id }, body: { kind: 'sql', source: SHOP } }));
    const refused = await content.refusal(...routeCall(ROUTES.courses.putSandbox, { params: { courseId: course._id }, body: { kind: 'sql', source: SQLITE_ONLY_SHOP } }));
    expect(refused).toEqual({ statusCode: 400, message: expect.stringMatching(/^The sandbox does not run on PostgreSQL: Line 3: /) });
    const hidden = await content.refusal(...routeCall(ROUTES.courses.putSandbox, { params: { courseId: course._id }, body: { kind: 'sql', source: SHOP, hiddenSource: SQLITE_ONLY_SHOP } }));
    expect(hidden).toEqual({ statusCode: 400, message: expect.stringMatching(/^The hidden variant does not run on PostgreSQL: Line 3: /) });
    expect(await send<Sandbox>(CONTENT_PATTERNS.findSandboxWithHidden, { id: course._id })).toEqual({ kind: 'sql', source: SHOP, hiddenSource: null });
  });

  it('is refused on SQLite first, with SQLite’s words', async () => {
    const refused = await content.refusal(...routeCall(ROUTES.courses.putSandbox, { params: { courseId: course._id }, body: { kind: 'sql', source: `${SHOP}\nSELECT nope FROM item;` } }));
    expect(refused).toEqual({ statusCode: 400, message: expect.stringMatching(/^The sandbox script does not run: Line 3: /) });
  });
});

describe('an import judged on PostgreSQL too', () => {
  it('takes the shipped content, then its own export again, on both engines', async () => {
    const shipped = readContentFolder(SHIPPED_CONTENT_DIR);
    const first = await importAll(content, { courses: shipped.courses, interviewQuestions: [] });
    expect(first).toEqual({ created: shipped.courses.length, updated: 0, rejected: [] });
    const exported = await exportAll(content);
    const again = exported.courses.filter((item) => shipped.courses.some((course) => course._id === item._id));
    expect(await importAll(content, { courses: again, interviewQuestions: [] })).toEqual({ created: 0, updated: shipped.courses.length, rejected: [] });
  }, 600_000);

  it('refuses a course whose reference, variant or sandbox fails on PostgreSQL only, naming project, check and line, and stores nothing of it', async () => {
    const noVariant = courseFile([{ kind: 'query', task: 'Days in January for every item.', referenceSql: DAYS_SQLITE }]);
    const badVariant = courseFile([
      { kind: 'query', task: 'Every item by name.', referenceSql: 'SELECT name FROM item ORDER BY name' },
      { kind: 'query', task: 'Days in January for every item.', referenceSql: DAYS_SQLITE, referenceSqlPostgres: "SELECT name,\n  julianday('2024-01-31') AS days FROM item" },
    ]);
    const badVerification = courseFile([
      { kind: 'state', task: 'Make the pen cost 3.', referenceSql: "UPDATE item SET price = 3 WHERE name = 'pen'", verifySql: 'SELECT name, price FROM item ORDER BY id', verifySqlPostgres: 'SELECT name, price FROM item\nORDER BY nope' },
    ]);
    const badSandbox = courseFile([{ kind: 'query', task: 'Every item by name.', referenceSql: 'SELECT name FROM item ORDER BY name' }], SQLITE_ONLY_SHOP);
    const report = await importSlice([noVariant, badVariant, badVerification, badSandbox]);
    expect(report).toEqual({
      created: 0,
      updated: 0,
      rejected: [
        { path: 'courses[0].projects[0].checks[0].referenceSql', message: expect.stringMatching(/^On PostgreSQL: The reference query does not run on .*Line 1: function julianday/s) },
        { path: 'courses[1].projects[0].checks[1].referenceSqlPostgres', message: expect.stringMatching(/^On PostgreSQL: The reference query does not run on .*Line 1: function julianday/s) },
        { path: 'courses[2].projects[0].checks[0].verifySqlPostgres', message: expect.stringMatching(/^On PostgreSQL: The verification query does not run .*Line 1: column "nope" does not exist/s) },
        { path: 'courses[3].sandbox.source', message: expect.stringMatching(/^The sandbox does not run on PostgreSQL: Line 3: /) },
      ],
    });
    for (const file of [noVariant, badVariant, badVerification, badSandbox]) {
      expect((await content.refusal(CONTENT_PATTERNS.findCourse, { id: file._id })).statusCode).toBe(404);
    }
    // The same course with a variant that runs on PostgreSQL goes in.
    const fixed = courseFile([{ kind: 'query', task: 'Days in January for every item.', referenceSql: DAYS_SQLITE, referenceSqlPostgres: DAYS_POSTGRES }]);
    expect(await importSlice([fixed])).toEqual({ created: 1, updated: 0, rejected: [] });
  }, 120_000);
});

describe('with PostgreSQL stopped', () => {
  it('saves a sandbox and imports a course on SQLite’s judgement, and the import says PostgreSQL did not see it', async () => {
    await server.handle.stop();
    // A script PostgreSQL has not judged yet (one it refused stays refused: the same text fails the same way).
    const unjudged = `${SHOP}\nCREATE TABLE note (id INTEGER PRIMARY KEY, body TEXT) WITHOUT ROWID;`;
    await send(...routeCall(ROUTES.courses.putSandbox, { params: { courseId: course._id }, body: { kind: 'sql', source: unjudged } }));
    expect(await send<Sandbox>(CONTENT_PATTERNS.findSandbox, { id: course._id })).toEqual({ kind: 'sql', source: unjudged });
    // A reference PostgreSQL has not judged yet either (julianday does not exist there).
    const file = courseFile([{ kind: 'query', task: 'The leap day as a Julian day.', referenceSql: "SELECT julianday('2024-02-29') AS leap" }]);
    expect(await importSlice([file])).toEqual({ created: 1, updated: 0, rejected: [], postgresNotChecked: POSTGRES_NOT_CHECKED_MESSAGE });
  }, 120_000);
});
