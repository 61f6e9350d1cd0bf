import {
  BLOCK_NOT_FOUND_MESSAGE,
  CONTENT_PATTERNS,
  type Course,
  COURSE_NOT_FOUND_MESSAGE,
  EVENT_SUBJECTS,
  type ListPage,
  type Project,
  PROJECT_NOT_FOUND_MESSAGE,
  ROUTES,
  type Tutorial,
  TUTORIAL_NOT_FOUND_MESSAGE,
} from '@dblearn/contracts';
import { filtersBeyondId, type NatsCaller, recordFilters, routeCall } from '@dblearn/testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import mongoose, { Types } from 'mongoose';
import { type ContentSuite, startContentSuite } from './support/content-service.js';
import { publishedEvents } from './support/events.js';

const UNKNOWN_ID = '0123456789abcdef01234567';

let suite: ContentSuite;
let content: NatsCaller;
let db: mongoose.Connection;

const send = <T>(pattern: string, payload: unknown) => content.send<T>(pattern, payload);
const newCourse = (fields: Partial<Record<'topic' | 'name' | 'teacher' | 'length', string>> = {}) =>
  send<Course>(...routeCall(ROUTES.courses.create, { body: { topic: 'sql', name: 'Joins in practice', teacher: 'Edgar Codd', length: '3 hours', ...fields } }));
const newProject = (courseId?: string, title = 'Library loans') =>
  send<Project>(...routeCall(ROUTES.projects.create, { body: { title, difficulty: 'beginner', ...(courseId ? { courseId } : {}) } }));
const newTutorial = (courseId?: string, title = 'SELECT basics') =>
  send<Tutorial>(...routeCall(ROUTES.tutorials.create, { body: { title, ...(courseId ? { courseId } : {}), content: { header: 'The SELECT list', detail: 'SELECT name FROM student;' } } }));
const course = (id: string) => send<Course>(CONTENT_PATTERNS.findCourse, { id });
const published = (subject: string, entityId: string) => publishedEvents(suite.infra.natsUrl, subject, entityId);

beforeAll(async () => {
  suite = await startContentSuite('svc_content');
  ({ content, db } = suite);
}, 60_000);

afterAll(() => suite?.close());

describe('courses', () => {
  it('answers content.health', async () => {
    expect(await send(CONTENT_PATTERNS.health, {})).toEqual({ status: 'ok' });
  });

  it('creates, reads and updates a course in the contract shape', async () => {
    const created = await newCourse();
    expect(created).toEqual({ _id: expect.stringMatching(/^[0-9a-f]{24}$/), topic: 'sql', name: 'Joins in practice', teacher: 'Edgar Codd', length: '3 hours', tutorials: [], projects: [] });
    expect(await course(created._id)).toEqual(created);
    const updated = await send<Course>(...routeCall(ROUTES.courses.update, { params: { id: created._id }, body: { topic: 'rm', name: 'Keys and joins', teacher: 'Edgar Codd', length: '4 hours' } }));
    expect(updated).toMatchObject({ _id: created._id, topic: 'rm', name: 'Keys and joins', length: '4 hours' });
    expect(await course(created._id)).toEqual(updated);
  });

  it('accepts a name of 50 characters and refuses 51, naming the rule, and stores nothing', async () => {
    expect((await newCourse({ name: 'n'.repeat(50) })).name).toHaveLength(50);
    const before = await db.collection('courses').countDocuments();
    const refusal = await content.refusal(...routeCall(ROUTES.courses.create, { body: { topic: 'sql', name: 'n'.repeat(51), teacher: 'Edgar Codd', length: '3 hours' } }));
    expect(refusal).toEqual({ statusCode: 400, message: ['Courses Name must be 5 to 50 characters long.'] });
    expect(await db.collection('courses').countDocuments()).toBe(before);
  });

  it('refuses a topic outside the five, unknown fields and operator objects', async () => {
    expect((await content.refusal(...routeCall(ROUTES.courses.create, { body: { topic: 'graph', name: 'Graphs!', teacher: 'Edgar Codd', length: '3 hours' } }))).statusCode).toBe(400);
    expect((await content.refusal(...routeCall(ROUTES.courses.create, { body: { topic: 'sql', name: 'Graphs!', teacher: 'Edgar Codd', length: '3 hours', isAdmin: true } }))).statusCode).toBe(400);
    expect((await content.refusal(CONTENT_PATTERNS.findCourse, { id: { $gt: '' } })).statusCode).toBe(400);
  });

  it('refuses a forwarded write from a caller who is not an admin, and stores nothing', async () => {
    const before = await db.collection('courses').countDocuments();
    const body = { topic: 'sql', name: 'Not mine to make', teacher: 'Edgar Codd', length: '3 hours' };
    expect(await content.refusal(...routeCall(ROUTES.courses.create, { body, caller: { _id: UNKNOWN_ID } }))).toMatchObject({ statusCode: 403 });
    expect(await content.refusal(...routeCall(ROUTES.courses.create, { body, caller: { _id: UNKNOWN_ID, isAdmin: false } }))).toMatchObject({ statusCode: 403 });
    expect(await content.refusal(...routeCall(ROUTES.courses.create, { body, caller: null }))).toMatchObject({ statusCode: 400 });
    expect(await db.collection('courses').countDocuments()).toBe(before);
  });

  it('answers 400 for a malformed id and 404 for an unknown one', async () => {
    expect((await content.refusal(CONTENT_PATTERNS.findCourse, { id: 'nope' })).statusCode).toBe(400);
    expect(await content.refusal(CONTENT_PATTERNS.findCourse, { id: UNKNOWN_ID })).toEqual({ statusCode: 404, message: COURSE_NOT_FOUND_MESSAGE });
    expect(await content.refusal(...routeCall(ROUTES.courses.delete, { params: { id: UNKNOWN_ID } }))).toEqual({ statusCode: 404, message: COURSE_NOT_FOUND_MESSAGE });
  });

  it('lists oldest first, by topic, in pages, with the total', async () => {
    const topic = 'fo';
    const made: Course[] = [];
    for (let i = 0; i < 8; i += 1) made.push(await newCourse({ topic, name: `File course ${i}` }));
    const first = await send<ListPage<Course>>(CONTENT_PATTERNS.listCourses, { topic, page: 1, pageSize: 6 });
    expect(first.total).toBe(8);
    expect(first.items.map((c) => c._id)).toEqual(made.slice(0, 6).map((c) => c._id));
    const second = await send<ListPage<Course>>(CONTENT_PATTERNS.listCourses, { topic, page: 2, pageSize: 6 });
    expect(second.items.map((c) => c._id)).toEqual(made.slice(6).map((c) => c._id));
    expect((await send<ListPage<Course>>(CONTENT_PATTERNS.listCourses, { topic, page: 3, pageSize: 6 })).items).toEqual([]);
    const all = await send<ListPage<Course>>(CONTENT_PATTERNS.listCourses, {});
    expect(all.total).toBe(await db.collection('courses').countDocuments());
    expect(all.items.every((c) => c.topic !== undefined)).toBe(true);
  });

  it('records course.updated for every change, so other instances follow', async () => {
    const created = await newCourse();
    expect(await published(EVENT_SUBJECTS.courseUpdated, created._id)).toHaveLength(1);
  });
});

describe('attach and detach', () => {
  it('attaches a project once however often it is asked, and detaches it idempotently', async () => {
    const { _id: courseId } = await newCourse();
    const project = await newProject();
    const once = await send<Course>(...routeCall(ROUTES.courses.attachProject, { params: { courseId }, body: { id: project._id } }));
    const twice = await send<Course>(...routeCall(ROUTES.courses.attachProject, { params: { courseId }, body: { id: project._id } }));
    expect(once.projects).toEqual([{ _id: project._id, title: project.title, difficulty: 'beginner' }]);
    expect(twice).toEqual(once);
    expect((await send<Project>(CONTENT_PATTERNS.findProject, { id: project._id })).courseId).toBe(courseId);

    const detached = await send<Course>(...routeCall(ROUTES.courses.detachProject, { params: { courseId }, body: { id: project._id } }));
    expect(detached.projects).toEqual([]);
    expect(await send<Course>(...routeCall(ROUTES.courses.detachProject, { params: { courseId }, body: { id: project._id } }))).toEqual(detached);
    expect((await send<Project>(CONTENT_PATTERNS.findProject, { id: project._id })).courseId).toBeNull();
  });

  it('attaches and detaches tutorials the same way', async () => {
    const { _id: courseId } = await newCourse();
    const tutorial = await newTutorial();
    await send<Course>(...routeCall(ROUTES.courses.attachTutorial, { params: { courseId }, body: { id: tutorial._id } }));
    const again = await send<Course>(...routeCall(ROUTES.courses.attachTutorial, { params: { courseId }, body: { id: tutorial._id } }));
    expect(again.tutorials).toEqual([{ _id: tutorial._id, title: tutorial.title }]);
    expect((await send<Course>(...routeCall(ROUTES.courses.detachTutorial, { params: { courseId }, body: { id: tutorial._id } }))).tutorials).toEqual([]);
    expect((await send<Course>(...routeCall(ROUTES.courses.detachTutorial, { params: { courseId }, body: { id: tutorial._id } }))).tutorials).toEqual([]);
  });

  it('moves an item attached to another course instead of listing it twice', async () => {
    const from = await newCourse();
    const to = await newCourse();
    const project = await newProject(from._id);
    await send<Course>(...routeCall(ROUTES.courses.attachProject, { params: { courseId: to._id }, body: { id: project._id } }));
    expect((await course(from._id)).projects).toEqual([]);
    expect((await course(to._id)).projects.map((p) => p._id)).toEqual([project._id]);
  });

  it('leaves an item that moved to another course where it is when the old course detaches it', async () => {
    const [from, to] = [await newCourse(), await newCourse()];
    const [project, tutorial] = [await newProject(from._id), await newTutorial(from._id)];
    await send<Course>(...routeCall(ROUTES.courses.attachProject, { params: { courseId: to._id }, body: { id: project._id } }));
    await send<Course>(...routeCall(ROUTES.courses.attachTutorial, { params: { courseId: to._id }, body: { id: tutorial._id } }));
    await send<Course>(...routeCall(ROUTES.courses.detachProject, { params: { courseId: from._id }, body: { id: project._id } }));
    await send<Course>(...routeCall(ROUTES.courses.detachTutorial, { params: { courseId: from._id }, body: { id: tutorial._id } }));
    expect((await send<Project>(CONTENT_PATTERNS.findProject, { id: project._id })).courseId).toBe(to._id);
    expect((await send<Tutorial>(CONTENT_PATTERNS.findTutorial, { id: tutorial._id })).courseId).toBe(to._id);
    expect(await course(to._id)).toMatchObject({ projects: [{ _id: project._id }], tutorials: [{ _id: tutorial._id }] });
  });

  it('attaches, moves and detaches by `_id` alone: FerretDB scans the collection for any other filter', async () => {
    const [from, to] = [await newCourse(), await newCourse()];
    const [project, tutorial] = [await newProject(), await newTutorial()];
    const sent = await recordFilters(mongoose, ['courses', 'projects', 'tutorials'], async () => {
      for (const courseId of [from._id, to._id]) {
        await send<Course>(...routeCall(ROUTES.courses.attachProject, { params: { courseId }, body: { id: project._id } }));
        await send<Course>(...routeCall(ROUTES.courses.attachTutorial, { params: { courseId }, body: { id: tutorial._id } }));
      }
      await send<Course>(...routeCall(ROUTES.courses.detachProject, { params: { courseId: to._id }, body: { id: project._id } }));
      await send<Course>(...routeCall(ROUTES.courses.detachTutorial, { params: { courseId: to._id }, body: { id: tutorial._id } }));
    });
    // The projects' writes include the relay's clearing of their events.
    const written = new Set(sent.filter(({ method }) => method === 'updateOne').map(({ collection }) => collection));
    expect([...written].sort()).toEqual(['courses', 'projects', 'tutorials']);
    expect(filtersBeyondId(sent)).toEqual([]);
    expect((await send<Project>(CONTENT_PATTERNS.findProject, { id: project._id })).courseId).toBeNull();
    expect((await send<Tutorial>(CONTENT_PATTERNS.findTutorial, { id: tutorial._id })).courseId).toBeNull();
  });

  it('answers 404 for an unknown course or item', async () => {
    const { _id: courseId } = await newCourse();
    expect(await content.refusal(...routeCall(ROUTES.courses.attachProject, { params: { courseId }, body: { id: UNKNOWN_ID } }))).toEqual({ statusCode: 404, message: PROJECT_NOT_FOUND_MESSAGE });
    expect(await content.refusal(...routeCall(ROUTES.courses.attachTutorial, { params: { courseId }, body: { id: UNKNOWN_ID } }))).toEqual({ statusCode: 404, message: TUTORIAL_NOT_FOUND_MESSAGE });
    expect(await content.refusal(...routeCall(ROUTES.courses.detachProject, { params: { courseId: UNKNOWN_ID }, body: { id: UNKNOWN_ID } }))).toEqual({ statusCode: 404, message: COURSE_NOT_FOUND_MESSAGE });
  });
});

describe('projects and tutorials', () => {
  it('POST with courseId attaches; 404 for an unknown course creates nothing', async () => {
    const { _id: courseId } = await newCourse();
    const project = await newProject(courseId);
    const tutorial = await newTutorial(courseId);
    expect(project.courseId).toBe(courseId);
    expect(tutorial).toMatchObject({ courseId, contents: [{ header: 'The SELECT list', detail: 'SELECT name FROM student;' }] });
    expect(await course(courseId)).toMatchObject({ projects: [{ _id: project._id }], tutorials: [{ _id: tutorial._id }] });

    const before = await db.collection('projects').countDocuments();
    expect((await content.refusal(...routeCall(ROUTES.projects.create, { body: { title: 'Orphan project', difficulty: 'beginner', courseId: UNKNOWN_ID } }))).statusCode).toBe(404);
    expect(await db.collection('projects').countDocuments()).toBe(before);
  });

  it('appends content blocks and removes one by id; the course follows a rename', async () => {
    const { _id: courseId } = await newCourse();
    const project = await newProject(courseId);
    const one = await send<Project>(...routeCall(ROUTES.projects.update, { params: { id: project._id }, body: { title: 'Library loans v2', difficulty: 'intermediate', content: { header: 'Schema', detail: 'CREATE TABLE loan (...);' } } }));
    const two = await send<Project>(...routeCall(ROUTES.projects.update, { params: { id: project._id }, body: { title: 'Library loans v2', difficulty: 'intermediate', content: { header: 'Queries', detail: 'SELECT 1;' } } }));
    expect(two.contents.map((b) => b.header)).toEqual(['Schema', 'Queries']);
    expect(one.contents[0]!._id).toBe(two.contents[0]!._id);
    expect((await course(courseId)).projects).toEqual([{ _id: project._id, title: 'Library loans v2', difficulty: 'intermediate' }]);

    const removed = await send<Project>(...routeCall(ROUTES.projects.removeBlock, { params: { projectId: project._id }, body: { id: two.contents[0]!._id } }));
    expect(removed.contents.map((b) => b.header)).toEqual(['Queries']);
    expect(await content.refusal(...routeCall(ROUTES.projects.removeBlock, { params: { projectId: project._id }, body: { id: two.contents[0]!._id } }))).toEqual({ statusCode: 404, message: BLOCK_NOT_FOUND_MESSAGE });

    const [updated] = (await published(EVENT_SUBJECTS.projectUpdated, project._id)).slice(-1);
    expect(updated).toMatchObject({ entityId: project._id, title: 'Library loans v2', difficulty: 'intermediate', courseId });

    const tutorial = await newTutorial(courseId);
    const renamed = await send<Tutorial>(...routeCall(ROUTES.tutorials.update, { params: { id: tutorial._id }, body: { title: 'SELECT in depth', content: { header: 'WHERE', detail: 'SELECT * FROM t WHERE x > 1;' } } }));
    expect(renamed.contents).toHaveLength(2);
    expect((await course(courseId)).tutorials).toEqual([{ _id: tutorial._id, title: 'SELECT in depth' }]);
    const afterRemove = await send<Tutorial>(...routeCall(ROUTES.tutorials.removeBlock, { params: { tutorialId: tutorial._id }, body: { id: renamed.contents[0]!._id } }));
    expect(afterRemove.contents.map((b) => b.header)).toEqual(['WHERE']);
  });

  it('refuses a tutorial block under 5 characters and a project title over 50', async () => {
    const tutorial = await newTutorial();
    const refusal = await content.refusal(...routeCall(ROUTES.tutorials.update, { params: { id: tutorial._id }, body: { title: 'Fine', content: { header: 'Hey', detail: 'Some detail' } } }));
    expect(refusal.statusCode).toBe(400);
    expect((await send<Tutorial>(CONTENT_PATTERNS.findTutorial, { id: tutorial._id })).contents).toHaveLength(1);
    expect((await content.refusal(...routeCall(ROUTES.projects.create, { body: { title: 'p'.repeat(51), difficulty: 'beginner' } }))).statusCode).toBe(400);
    expect((await content.refusal(...routeCall(ROUTES.projects.create, { body: { title: 'Fine title', difficulty: 'expert' } }))).statusCode).toBe(400);
  });

  it('keeps a title edit with a block, a block removal and an attach of one tutorial sent at once (one lock per item), every round', async () => {
    const homes = [await newCourse({ name: 'Tutorial race A' }), await newCourse({ name: 'Tutorial race B' })];
    const tutorial = await newTutorial(homes[0]!._id, 'Raced tutorial');
    let kept = ['The SELECT list'];
    for (let round = 1; round <= 12; round += 1) {
      const courseId = homes[round % 2]!._id;
      const title = `Raced tutorial ${round}`;
      const { contents } = await send<Tutorial>(CONTENT_PATTERNS.findTutorial, { id: tutorial._id });
      await Promise.all([
        send<Tutorial>(...routeCall(ROUTES.tutorials.update, { params: { id: tutorial._id }, body: { title, content: { header: `Block ${round}`, detail: 'SELECT 1;' } } })),
        send<Tutorial>(...routeCall(ROUTES.tutorials.removeBlock, { params: { tutorialId: tutorial._id }, body: { id: contents[0]!._id } })),
        send<Course>(...routeCall(ROUTES.courses.attachTutorial, { params: { courseId }, body: { id: tutorial._id } })),
      ]);
      kept = [...kept.slice(1), `Block ${round}`];
      const found = await send<Tutorial>(CONTENT_PATTERNS.findTutorial, { id: tutorial._id });
      expect({ round, title: found.title, courseId: found.courseId, blocks: found.contents.map((block) => block.header) }).toEqual({ round, title, courseId, blocks: kept });
      expect((await course(courseId)).tutorials).toEqual([{ _id: tutorial._id, title }]);
    }
  }, 60_000);

  it('deleting a project or tutorial detaches it from its course and records the event', async () => {
    const { _id: courseId } = await newCourse();
    const project = await newProject(courseId);
    const tutorial = await newTutorial(courseId);
    expect((await send<Project>(...routeCall(ROUTES.projects.delete, { params: { id: project._id } })))._id).toBe(project._id);
    expect((await send<Tutorial>(...routeCall(ROUTES.tutorials.delete, { params: { id: tutorial._id } })))._id).toBe(tutorial._id);
    expect(await course(courseId)).toMatchObject({ projects: [], tutorials: [] });
    expect(await content.refusal(CONTENT_PATTERNS.findProject, { id: project._id })).toEqual({ statusCode: 404, message: PROJECT_NOT_FOUND_MESSAGE });
    expect(await published(EVENT_SUBJECTS.projectDeleted, project._id)).toEqual([expect.objectContaining({ courseId })]);
    expect(await published(EVENT_SUBJECTS.tutorialDeleted, tutorial._id)).toEqual([expect.objectContaining({ courseId })]);
  });
});

describe('deleting a course', () => {
  it('deletes its tutorials and projects, leaves others alone, and names them all in one event', async () => {
    const doomed = await newCourse({ name: 'Doomed course' });
    const kept = await newCourse({ name: 'Kept course' });
    const tutorials = [await newTutorial(doomed._id), await newTutorial(doomed._id)];
    const projects = [await newProject(doomed._id), await newProject(doomed._id)];
    const survivor = await newProject(kept._id);

    const deleted = await send<Course>(...routeCall(ROUTES.courses.delete, { params: { id: doomed._id } }));
    expect(deleted._id).toBe(doomed._id);
    expect(await content.refusal(CONTENT_PATTERNS.findCourse, { id: doomed._id })).toEqual({ statusCode: 404, message: COURSE_NOT_FOUND_MESSAGE });
    for (const t of tutorials) expect((await content.refusal(CONTENT_PATTERNS.findTutorial, { id: t._id })).statusCode).toBe(404);
    for (const p of projects) expect((await content.refusal(CONTENT_PATTERNS.findProject, { id: p._id })).statusCode).toBe(404);
    expect((await send<Project>(CONTENT_PATTERNS.findProject, { id: survivor._id })).courseId).toBe(kept._id);
    const list = await send<ListPage<Course>>(CONTENT_PATTERNS.listCourses, { pageSize: 100 });
    expect(list.items.some((c) => c._id === doomed._id)).toBe(false);

    // Published exactly once, with every id it took along; nothing stays pending on a document.
    const events = await published(EVENT_SUBJECTS.courseDeleted, doomed._id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      entityId: doomed._id,
      tutorialIds: tutorials.map((t) => t._id),
      projectIds: projects.map((p) => p._id),
      eventId: expect.any(String),
      occurredAt: expect.any(String),
    });
    expect(await db.collection('tombstones').countDocuments({ _id: new Types.ObjectId(doomed._id) })).toBe(0);
  });
});
