import { CONTENT_PATTERNS, type Course, type CourseDeletedEvent, EVENT_SUBJECTS, type Project, ROUTES, type Tutorial } from '@dblearn/contracts';
import { type ChildProcessHandle } from '@dblearn/infra';
import { eventually, NatsCaller, routeCall, spawnTestProcess, startTestInfra, type TestInfra, uniqueDatabaseName } from '@dblearn/testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import mongoose, { Types } from 'mongoose';
import { publishedEvents } from './support/events.js';

/*
 * DESIGN "Events": a write and its event are one. svc-content runs as its own process and is
 * SIGKILLed at the worst moment (DBLEARN_FAILPOINT); started again, it finishes the work and
 * publishes the event exactly once.
 */

const MAIN = fileURLToPath(new URL('../dist/main.js', import.meta.url));

let infra: TestInfra;
let content: NatsCaller;
let db: mongoose.Connection;
let mongoDb: string;
let service: ChildProcessHandle | undefined;

/** Each test starts and kills the service several times, each start taking seconds on a busy box. */
const TEST_TIMEOUT_MS = 180_000;

/**
 * Starts svc-content, the previous one stopped first: a test that failed (or that CI retries) must
 * not leave one running beside the next. The process is the test file's (spawnTestProcess), so it
 * ends with the file even if this test timed out and runs on in the background.
 */
async function start(failpoint?: string): Promise<void> {
  await service?.stop();
  service = spawnTestProcess({
    name: 'svc-content',
    command: process.execPath,
    args: [MAIN],
    env: {
      PATH: process.env.PATH,
      MONGO_URL: infra.mongoUrl,
      MONGO_DB: mongoDb,
      NATS_URL: infra.natsUrl,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      ...(failpoint ? { DBLEARN_FAILPOINT: failpoint } : {}),
    },
    stopTimeoutMs: 10_000,
  });
  await eventually(() => content.send(CONTENT_PATTERNS.health, {}, 2_000).then(() => true, () => false), 60_000, 'svc-content answers');
}

/** Sends a call that makes the service kill itself; resolves once the process is gone. */
async function callAndDie(pattern: string, payload: object): Promise<void> {
  await content.send(pattern, payload, 10_000).catch(() => undefined);
  const exit = await service!.exited;
  expect(exit.signal).toBe('SIGKILL');
  service = undefined;
}

beforeAll(async () => {
  if (!existsSync(MAIN)) throw new Error(`svc-content is not built (${MAIN}): run \`npx tsc -b svc-content\`.`);
  infra = await startTestInfra();
  mongoDb = uniqueDatabaseName('svc_content_crash');
  content = new NatsCaller(infra.natsUrl);
  db = await mongoose.createConnection(infra.mongoUrl, { dbName: mongoDb }).asPromise();
}, 60_000);

afterAll(async () => {
  await service?.stop();
  await content?.close();
  await db?.close();
  await infra?.stop();
});

describe('a write and its event are one, across a SIGKILL', () => {
  it('a course update killed after its write publishes course.updated once, at the next start', async () => {
    await start();
    const course = await content.send<Course>(...routeCall(ROUTES.courses.create, { body: { topic: 'sql', name: 'Crash course', teacher: 'Edgar Codd', length: '1 hour' } }));
    await service!.stop();

    await start('events:after-write');
    await callAndDie(...routeCall(ROUTES.courses.update, { params: { id: course._id }, body: { topic: 'sql', name: 'Renamed crash course', teacher: 'Edgar Codd', length: '1 hour' } }));
    // The change is stored with its event still on the document, and nothing was published yet.
    const stored = await db.collection('courses').findOne({ _id: new Types.ObjectId(course._id) });
    expect(stored).toMatchObject({ name: 'Renamed crash course', pendingEvents: [expect.anything()] });
    expect(await publishedEvents(infra.natsUrl, EVENT_SUBJECTS.courseUpdated, course._id)).toHaveLength(1);

    await start();
    await eventually(async () => (await publishedEvents(infra.natsUrl, EVENT_SUBJECTS.courseUpdated, course._id)).length === 2, 30_000, 'course.updated is published');
    expect(await content.send<Course>(CONTENT_PATTERNS.findCourse, { id: course._id })).toMatchObject({ name: 'Renamed crash course' });
    await service!.stop();
    // Exactly once, however often the service starts again.
    await start();
    expect(await publishedEvents(infra.natsUrl, EVENT_SUBJECTS.courseUpdated, course._id)).toHaveLength(2);
    await service!.stop();
  }, TEST_TIMEOUT_MS);

  it('a course delete killed after its tombstone finishes the cascade and publishes course.deleted once', async () => {
    await start();
    const course = await content.send<Course>(...routeCall(ROUTES.courses.create, { body: { topic: 'rm', name: 'Doomed course', teacher: 'Edgar Codd', length: '1 hour' } }));
    const tutorial = await content.send<Tutorial>(...routeCall(ROUTES.tutorials.create, { body: { title: 'Keys', courseId: course._id } }));
    const project = await content.send<Project>(...routeCall(ROUTES.projects.create, { body: { title: 'Find the keys', difficulty: 'beginner', courseId: course._id } }));
    await service!.stop();

    await start('events:after-tombstone');
    await callAndDie(...routeCall(ROUTES.courses.delete, { params: { id: course._id } }));
    expect(await db.collection('tombstones').countDocuments({ _id: new Types.ObjectId(course._id) })).toBe(1);
    expect(await publishedEvents(infra.natsUrl, EVENT_SUBJECTS.courseDeleted, course._id)).toEqual([]);

    await start();
    // Finished before the service answered anything: the course and everything in it are gone.
    expect((await content.refusal(CONTENT_PATTERNS.findCourse, { id: course._id })).statusCode).toBe(404);
    expect((await content.refusal(CONTENT_PATTERNS.findTutorial, { id: tutorial._id })).statusCode).toBe(404);
    expect((await content.refusal(CONTENT_PATTERNS.findProject, { id: project._id })).statusCode).toBe(404);
    await eventually(async () => (await publishedEvents(infra.natsUrl, EVENT_SUBJECTS.courseDeleted, course._id)).length === 1, 30_000, 'course.deleted is published');
    const [event] = (await publishedEvents(infra.natsUrl, EVENT_SUBJECTS.courseDeleted, course._id)) as unknown as CourseDeletedEvent[];
    expect(event).toMatchObject({ tutorialIds: [tutorial._id], projectIds: [project._id] });
    // The relay removes the tombstone right after publishing.
    await eventually(async () => (await db.collection('tombstones').countDocuments({ _id: new Types.ObjectId(course._id) })) === 0, 30_000, 'the tombstone is removed');
    await service!.stop();
  }, TEST_TIMEOUT_MS);
});
