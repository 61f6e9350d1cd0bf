import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type CheckPasses, CONTENT_PATTERNS, type Course, EVENT_SUBJECTS, type ExportedCourse, type ImportReport, ROUTES, type Tutorial } from '@dblearn/contracts';
import { NatsCaller, routeCall, startTestInfra, type TestInfra, uniqueDatabaseName } from '@dblearn/testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestMicroservice } from '@nestjs/common';
import mongoose from 'mongoose';
import { type ContentConfig, SHIPPED_CONTENT_DIR } from '../src/config/content-config.js';
import { readContentFolder } from '../src/seed/content-folder.js';
import { ContentSync } from '../src/seed/content-sync.service.js';
import { startContentService, suiteConfig } from './support/content-service.js';
import { publishedEvents } from './support/events.js';
import { exportAll } from './support/export.js';

// Issue 19: every start brings the database up to date with the content folder, by id.

let infra: TestInfra;
let config: ContentConfig;
let service: INestMicroservice | undefined;
let content: NatsCaller;
let db: mongoose.Connection;
/** A copy of content/ the tests edit. */
let dir: string;

const learner = '65f0000000000000000000a1';
const shipped = readContentFolder(SHIPPED_CONTENT_DIR);
const relations = shipped.courses.find((course) => course.name === 'Relations, Keys and Constraints')!;
const findEveryKey = relations.projects[0]!;
// A state check (it creates FLIGHT): the learner's statements are its reference.
const keyCheck = findEveryKey.checks![0]! as { _id: string; referenceSql: string };
const referentialActions = relations.projects[1]!;
const firstTutorial = relations.tutorials[0]!;
const courseDir = 'courses/relations-keys-constraints';
const NEW_LESSON = '6a0f0c0e9d1c4b2a8e3f5a71';
const NEW_STATE_CHECK = '6a0f0c0e9d1c4b2a8e3f5a81';
const NEW_QUIZ = '6a0f0c0e9d1c4b2a8e3f5a82';

/** svc-content (re)started on the same database, syncing `dir` on start. */
async function restart(env: Partial<ContentConfig> = { seedDemo: true, contentDir: dir }): Promise<void> {
  await service?.close();
  service = await startContentService({ ...config, ...env });
}
const edit = (file: string, change: (text: string) => string) => writeFileSync(join(dir, file), change(readFileSync(join(dir, file), 'utf8')));
const statusOf = async (pattern: string, payload: object) => (await content.refusal(pattern, payload)).statusCode;
const shippedOnly = (courses: ExportedCourse[], ids: Set<string>) => courses.filter((course) => ids.has(course._id));
const byId = <T extends { _id: string }>(items: T[]) => [...items].sort((a, b) => a._id.localeCompare(b._id));

let adminCourse: Course;

beforeAll(async () => {
  infra = await startTestInfra();
  config = suiteConfig(infra, uniqueDatabaseName('svc_content_sync'));
  dir = mkdtempSync(join(tmpdir(), 'content-sync-'));
  cpSync(SHIPPED_CONTENT_DIR, dir, { recursive: true });
  await restart({ seedDemo: false });
  content = new NatsCaller(infra.natsUrl);
  db = await mongoose.createConnection(infra.mongoUrl, { dbName: config.mongoDb }).asPromise();

  // The old curriculum, as the TypeScript seed imported it (the same ids), with a lesson since corrected.
  const old = structuredClone(shipped.courses);
  old.find((course) => course._id === relations._id)!.tutorials[0]!.title = 'Relations, tuples and domians';
  // A course a slice, then the bank, as the gateway slices an import: the whole curriculum passes NATS's 1 MB.
  for (const [courseOffset, course] of old.entries()) {
    const report = await content.send<ImportReport>(CONTENT_PATTERNS.importSlice, { courses: [course], interviewQuestions: [], courseOffset, interviewOffset: 0 }, 120_000);
    expect(report.rejected).toEqual([]);
  }
  const report = await content.send<ImportReport>(CONTENT_PATTERNS.importSlice, { courses: [], interviewQuestions: shipped.interviewQuestions, courseOffset: old.length, interviewOffset: 0 }, 120_000);
  expect(report.rejected).toEqual([]);
  // A learner's progress on it, and a course an admin made in the app.
  const pass = await content.send<{ passed: boolean }>(CONTENT_PATTERNS.attempt, { id: findEveryKey._id, body: { userId: learner, checkId: keyCheck._id, sql: keyCheck.referenceSql } }, 30_000);
  expect(pass.passed).toBe(true);
  adminCourse = await content.send<Course>(...routeCall(ROUTES.courses.create, { body: { topic: 'sql', name: 'An admin course', teacher: 'Ada Admin', length: '1 hour' } }));
}, 240_000);

afterAll(async () => {
  await content?.close();
  await service?.close();
  await db?.close();
  await infra?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('the content folder sync (SEED_DEMO)', () => {
  it('brings a database holding the old curriculum up to date, and the learner keeps their progress', async () => {
    await restart();
    expect((await content.send<Tutorial>(CONTENT_PATTERNS.findTutorial, { id: firstTutorial._id })).title).toBe(firstTutorial.title);
    const passes = await content.send<CheckPasses>(CONTENT_PATTERNS.checkPasses, { projectId: findEveryKey._id, userId: learner });
    expect(passes.passed).toEqual([keyCheck._id]);
    // Nothing still shipped was deleted (svc-users would drop a learner's read mark or finished project).
    expect(await publishedEvents(infra.natsUrl, EVENT_SUBJECTS.tutorialDeleted, firstTutorial._id)).toEqual([]);
    expect(await publishedEvents(infra.natsUrl, EVENT_SUBJECTS.projectDeleted, findEveryKey._id)).toEqual([]);
    // The export of the shipped content is the folder's curriculum.
    const exported = await exportAll(content);
    // The export pages by id; the curriculum's order lives in course.yaml and index.yaml, so compare by id.
    expect(byId(shippedOnly(exported.courses, new Set(shipped.courses.map((c) => c._id))))).toEqual(byId(shipped.courses));
    expect(byId(exported.interviewQuestions.filter((q) => shipped.interviewQuestions.some((s) => s._id === q._id)))).toEqual(byId(shipped.interviewQuestions));
  }, 240_000);

  it('on the next start, adds a new lesson and checks, writes a changed lesson, removes what left the folder, and leaves the admin course alone', async () => {
    const tutorialFile = `${courseDir}/tutorials/relations-tuples-and-domains.md`;
    edit(tutorialFile, (text) => text.replace('A relation is a set of tuples', 'A relation (a table) is a set of tuples'));
    edit(`${courseDir}/course.yaml`, (text) => text.replace('  - projects/referential-actions-in-practice.md\n', ''));
    const question = shipped.interviewQuestions[0]!;
    edit('interview/beginner.yaml', (text) => text.replace(new RegExp(`  - id: ${question._id}\\n[\\s\\S]*?(?=\\n  - id: )`), ''));
    // A new lesson, and a state check and a quiz beside the project text, as README "Content authors" shows them.
    writeFileSync(join(dir, courseDir, 'tutorials/new-lesson.md'), ['---', `id: ${NEW_LESSON}`, 'title: A new lesson', '---', '', '## Ranking rows', '', 'Each line is one paragraph.', '```sql', 'SELECT name, RANK() OVER (ORDER BY year) FROM student;', '```', ''].join('\n'));
    edit(`${courseDir}/course.yaml`, (text) => text.replace('tutorials:\n', 'tutorials:\n  - tutorials/new-lesson.md\n'));
    edit(`${courseDir}/projects/find-every-key.md`, (text) =>
      text.replace(
        'checks:\n',
        [
          'checks:',
          `  - id: ${NEW_STATE_CHECK}`,
          '    kind: state',
          '    task: Create a table audit(id, note) whose note can never be missing.',
          '    referenceSql: CREATE TABLE audit (id INTEGER PRIMARY KEY, note TEXT NOT NULL);',
          "    verifySql: SELECT name FROM sqlite_schema WHERE name = 'audit'",
          '    probes: [{sql: "INSERT INTO audit (note) VALUES (NULL)", expect: fails}]',
          `  - id: ${NEW_QUIZ}`,
          '    kind: quiz',
          '    task: Which of these are candidate keys of STUDENT(id, email, name)?',
          '    quiz: {type: choice, options: ["{id}", "{email}", "{id, name}"], correct: [0, 1]}',
          '    hints: [A candidate key is a minimal superkey.]',
          '',
        ].join('\n'),
      ),
    );
    await restart();

    expect(await content.send<Tutorial>(CONTENT_PATTERNS.findTutorial, { id: NEW_LESSON })).toMatchObject({ title: 'A new lesson', courseId: relations._id });
    const checks = (await content.send<{ checks: { _id: string; kind: string }[] }>(CONTENT_PATTERNS.findProject, { id: findEveryKey._id })).checks;
    expect(checks.map((check) => [check._id, check.kind])).toEqual([[NEW_STATE_CHECK, 'state'], [NEW_QUIZ, 'quiz'], ...findEveryKey.checks!.map((check) => [check._id, check.kind ?? 'query'])]);
    const tutorial = await content.send<Tutorial>(CONTENT_PATTERNS.findTutorial, { id: firstTutorial._id });
    expect(tutorial.contents[0]!.detail).toContain('A relation (a table) is a set of tuples');
    expect(await statusOf(CONTENT_PATTERNS.findProject, { id: referentialActions._id })).toBe(404);
    expect(await statusOf(CONTENT_PATTERNS.findInterview, { id: question._id })).toBe(404);
    expect((await content.send<Course>(CONTENT_PATTERNS.findCourse, { id: relations._id })).projects.map((p) => p._id)).toEqual(relations.projects.filter((p) => p !== referentialActions).map((p) => p._id));
    expect(await content.send<Course>(CONTENT_PATTERNS.findCourse, { id: adminCourse._id })).toMatchObject({ name: 'An admin course' });
    expect((await content.send<CheckPasses>(CONTENT_PATTERNS.checkPasses, { projectId: findEveryKey._id, userId: learner })).passed).toEqual([keyCheck._id]);
  }, 240_000);

  it('removes a course that left the folder, keeping the tutorial moved out of it and an admin creation', async () => {
    const removed = shipped.courses.at(-1)!;
    const slug = readFileSync(join(dir, 'courses/index.yaml'), 'utf8').trim().split('\n').at(-1)!.replace(/^- /, '');
    edit('courses/index.yaml', (text) => text.replace(`- ${slug}\n`, ''));
    // One of its tutorials moves to another course in the same change; an admin attached one of theirs to it.
    const [moved, dropped] = removed.tutorials as [Tutorial, Tutorial];
    const movedFile = readFileSync(join(dir, 'courses', slug, 'course.yaml'), 'utf8').match(/^ {2}- (tutorials\/.*\.md)$/m)![1]!;
    cpSync(join(dir, 'courses', slug, movedFile), join(dir, courseDir, 'tutorials/moved.md'));
    edit(`${courseDir}/course.yaml`, (text) => text.replace('tutorials:\n', 'tutorials:\n  - tutorials/moved.md\n'));
    const adminTutorial = await content.send<Tutorial>(...routeCall(ROUTES.tutorials.create, { body: { title: 'An admin tutorial', courseId: removed._id } }));
    await restart();
    expect(await statusOf(CONTENT_PATTERNS.findCourse, { id: removed._id })).toBe(404);
    expect(await statusOf(CONTENT_PATTERNS.findTutorial, { id: dropped._id })).toBe(404);
    expect(await content.send<Tutorial>(CONTENT_PATTERNS.findTutorial, { id: moved._id })).toMatchObject({ courseId: relations._id });
    expect(await content.send<Tutorial>(CONTENT_PATTERNS.findTutorial, { id: adminTutorial._id })).toMatchObject({ title: 'An admin tutorial', courseId: null });
    expect(await content.send<Course>(CONTENT_PATTERNS.findCourse, { id: adminCourse._id })).toMatchObject({ name: 'An admin course' });
  }, 240_000);

  it('writes nothing on an unchanged start, in a fraction of a re-import', async () => {
    await restart();
    // Written behind the sync's back: an unchanged folder must not overwrite it.
    await db.collection('tutorials').updateOne({ _id: new mongoose.Types.ObjectId(firstTutorial._id) }, { $set: { title: 'Changed in the database' } });
    await restart();
    const started = performance.now();
    const report = await service!.get(ContentSync).sync(dir);
    // Reading and hashing the folder only (~0.2 s on a quiet box); a re-import of the curriculum takes many seconds.
    expect(performance.now() - started).toBeLessThan(3000);
    expect(report).toMatchObject({ unchanged: true, problems: [] });
    expect((await db.collection('tutorials').findOne({ _id: new mongoose.Types.ObjectId(firstTutorial._id) }))?.title).toBe('Changed in the database');
    // One changed lesson writes its course alone.
    const sqlCourse = 'courses/sql-select-where-join';
    const lesson = readFileSync(join(dir, sqlCourse, 'course.yaml'), 'utf8').match(/^ {2}- (tutorials\/.*\.md)$/m)![1]!;
    edit(`${sqlCourse}/${lesson}`, (text) => text.replace(/^title: (.*)$/m, 'title: $1 (revised)'));
    expect(await service!.get(ContentSync).sync(dir)).toMatchObject({ unchanged: false, written: { courses: 1, interviewQuestions: 0 }, problems: [] });
  }, 240_000);

  it('applies nothing of a folder with an invalid item, and names its file and line', async () => {
    const project = `${courseDir}/projects/find-every-key.md`;
    edit(project, (text) => text.replace(/^title: .*$/m, 'title: ""'));
    edit(`${courseDir}/tutorials/relations-tuples-and-domains.md`, (text) => text.replace('A relation (a table) is', 'A relation (a set) is'));
    const report = await service!.get(ContentSync).sync(dir);
    const line = readFileSync(join(dir, project), 'utf8').split('\n').indexOf('title: ""') + 1;
    expect(report.problems).toEqual([{ file: project, line, message: 'Title must be 5 to 50 characters long.' }]);
    expect((await content.send<Tutorial>(CONTENT_PATTERNS.findTutorial, { id: firstTutorial._id })).contents[0]!.detail).toContain('A relation (a table) is');
  }, 240_000);
});
