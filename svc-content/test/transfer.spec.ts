import { CONTENT_PATTERNS, type Course, EVENT_SUBJECTS, type ImportReport, type InterviewQuestion, type Project, ROUTES, type Tutorial } from '@dblearn/contracts';
import { filtersBeyondId, type NatsCaller, recordFilters, routeCall } from '@dblearn/testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import mongoose, { Types } from 'mongoose';
import { exportAll } from './support/export.js';
import { type ContentSuite, eventually, startContentSuite } from './support/content-service.js';
import { publishedEvents } from './support/events.js';

let suite: ContentSuite;
let content: NatsCaller;

const importSlice = (payload: object) => content.send<ImportReport>(CONTENT_PATTERNS.importSlice, { courseOffset: 0, interviewOffset: 0, ...payload }, 60_000);

beforeAll(async () => {
  suite = await startContentSuite('svc_content_transfer');
  ({ content } = suite);
}, 60_000);

afterAll(() => suite?.close());

async function buildCourse(name: string): Promise<Course> {
  const course = await content.send<Course>(...routeCall(ROUTES.courses.create, { body: { topic: 'rm', name, teacher: 'Edgar Codd', length: '2 hours' } }));
  const tutorial = await content.send<Tutorial>(...routeCall(ROUTES.tutorials.create, { body: { title: 'Keys', courseId: course._id, content: { header: 'Candidate keys', detail: 'A minimal superkey.' } } }));
  await content.send<Tutorial>(...routeCall(ROUTES.tutorials.update, { params: { id: tutorial._id }, body: { title: 'Keys', content: { header: 'Primary keys', detail: 'One chosen candidate key.' } } }));
  const project = await content.send<Project>(...routeCall(ROUTES.projects.create, { body: { title: 'Design a schema', difficulty: 'intermediate', courseId: course._id } }));
  await content.send<Project>(...routeCall(ROUTES.projects.update, { params: { id: project._id }, body: { title: 'Design a schema', difficulty: 'intermediate', content: { header: 'Task', detail: 'Find the keys.' } } }));
  return content.send<Course>(CONTENT_PATTERNS.findCourse, { id: course._id });
}

describe('export and import', () => {
  it('round-trips every course: delete one, import the export, and the next export is the same', async () => {
    await buildCourse('Keys and constraints');
    await buildCourse('Functional dependencies');
    await content.send<InterviewQuestion>(...routeCall(ROUTES.interview.create, { body: { topic: 'rm', question: 'What is a superkey?', answer: 'A set of attributes that identifies each row.' } }));
    const before = await exportAll(content);
    expect(before.courses.length).toBeGreaterThanOrEqual(2);
    expect(before.courses[0]).toMatchObject({ name: 'Keys and constraints', tutorials: [{ title: 'Keys', contents: [{ header: 'Candidate keys' }, { header: 'Primary keys' }] }] });

    const gone = before.courses[0]!;
    await content.send(...routeCall(ROUTES.courses.delete, { params: { id: gone._id } }));
    const report = await importSlice({ courses: before.courses, interviewQuestions: before.interviewQuestions });
    expect(report).toEqual({ created: 1, updated: before.courses.length - 1 + before.interviewQuestions.length, rejected: [] });

    const after = await exportAll(content);
    expect(after.courses).toEqual(before.courses);
    expect(after.interviewQuestions).toEqual(before.interviewQuestions);
    // The re-created course is readable and listed again, with its tutorial ids.
    const restored = await content.send<Course>(CONTENT_PATTERNS.findCourse, { id: gone._id });
    expect(restored.tutorials.map((t) => t._id)).toEqual(gone.tutorials.map((t) => t._id));
    const tutorial = await content.send<Tutorial>(CONTENT_PATTERNS.findTutorial, { id: gone.tutorials[0]!._id });
    expect(tutorial.courseId).toBe(gone._id);
  });

  it('keeps 997 of 1,000 items and names the 3 invalid ones with their path and rule', async () => {
    const valid = Array.from({ length: 1000 }, (_, i) => ({
      _id: new Types.ObjectId().toHexString(),
      topic: 'sql',
      question: `Bulk question ${i}?`,
      answer: `Answer ${i}.`,
    }));
    // Three items break a rule each: the import must name them and keep the rest.
    const questions: unknown[] = [...valid];
    questions[10] = { ...valid[10], topic: 'graphs' };
    questions[500] = { ...valid[500], answer: undefined };
    questions[999] = { ...valid[999], _id: 'not-an-id' };
    const report = await importSlice({ interviewQuestions: questions });
    expect(report.created).toBe(997);
    expect(report.updated).toBe(0);
    expect(report.rejected.map((r) => r.path)).toEqual(['interviewQuestions[10].topic', 'interviewQuestions[500].answer', 'interviewQuestions[999]._id']);
    expect(report.rejected[0]!.message).toMatch(/Topic must be one of/);
    const listed = await content.send<{ total: number }>(CONTENT_PATTERNS.listInterview, { topic: 'sql', pageSize: 1 });
    expect(listed.total).toBe(997);
    // Each stored question carried its created event in the same write; the relay publishes it.

    // Importing a question again updates it; the change carried its event, which the relay publishes.
    const again = { ...valid[42]!, answer: 'A better answer.' };
    expect(await importSlice({ interviewQuestions: [again] })).toEqual({ created: 0, updated: 1, rejected: [] });
    expect(await content.send(CONTENT_PATTERNS.findInterview, { id: again._id })).toMatchObject({ answer: 'A better answer.' });
    await eventually(
      async () => (await publishedEvents(suite.infra.natsUrl, EVENT_SUBJECTS.interviewUpdated, again._id)).some((event) => event.answer === 'A better answer.'),
      30_000,
      'the re-imported question\'s interview.updated is published',
    );
  });

  it('leaves what the file no longer lists in a course unattached, by `_id` alone, and announces the project that left', async () => {
    const built = await buildCourse('Normal forms');
    const [exported] = (await exportAll(content)).courses.filter((course) => course._id === built._id);
    const [tutorial, project] = [built.tutorials[0]!, built.projects[0]!];
    const sent = await recordFilters(mongoose, ['projects', 'tutorials'], async () => {
      expect(await importSlice({ courses: [{ ...exported!, tutorials: [], projects: [] }] })).toEqual({ created: 0, updated: 1, rejected: [] });
    });
    expect([...new Set(sent.filter(({ method }) => method === 'updateOne').map(({ collection }) => collection))].sort()).toEqual(['projects', 'tutorials']);
    expect(filtersBeyondId(sent)).toEqual([]);
    expect((await content.send<Tutorial>(CONTENT_PATTERNS.findTutorial, { id: tutorial._id })).courseId).toBeNull();
    expect((await content.send<Project>(CONTENT_PATTERNS.findProject, { id: project._id })).courseId).toBeNull();
    expect(await content.send<Course>(CONTENT_PATTERNS.findCourse, { id: built._id })).toMatchObject({ tutorials: [], projects: [] });
    await eventually(async () => (await publishedEvents(suite.infra.natsUrl, EVENT_SUBJECTS.projectUpdated, project._id)).some((event) => event.courseId === null), 10_000, 'project.updated with courseId null');
  });

  it('rejects a course whose nested tutorial breaks a rule, naming the nested path, and writes nothing of it', async () => {
    const id = new Types.ObjectId().toHexString();
    const tutorialId = new Types.ObjectId().toHexString();
    const course = {
      _id: id,
      topic: 'fo',
      name: 'Hashed files',
      teacher: 'Ada Byron',
      length: '1 hour',
      tutorials: [{ _id: tutorialId, title: 'Buckets', contents: [{ header: 'Hi', detail: 'Too short a header.' }] }],
      projects: [],
    };
    const report = await importSlice({ courses: [course], courseOffset: 7 });
    expect(report.rejected).toEqual([{ path: 'courses[7].tutorials[0].contents[0].header', message: 'Header must be 5 to 255 characters long.' }]);
    expect((await content.refusal(CONTENT_PATTERNS.findCourse, { id })).statusCode).toBe(404);
    expect((await content.refusal(CONTENT_PATTERNS.findTutorial, { id: tutorialId })).statusCode).toBe(404);
  });

  it("moves another course's tutorial and project here: the old course no longer lists them (issue 17)", async () => {
    const from = await buildCourse('Moving from here');
    const to = await buildCourse('Moving to there');
    const [exported] = (await exportAll(content)).courses.filter((course) => course._id === to._id);
    const [tutorial, project] = [from.tutorials[0]!, from.projects[0]!];
    const movedTutorial = { _id: tutorial._id, title: tutorial.title, contents: [] };
    const movedProject = { _id: project._id, title: project.title, difficulty: project.difficulty, contents: [] };
    const report = await importSlice({ courses: [{ ...exported!, tutorials: [...exported!.tutorials, movedTutorial], projects: [...exported!.projects, movedProject] }] });
    expect(report).toEqual({ created: 0, updated: 1, rejected: [] });
    expect(await content.send<Course>(CONTENT_PATTERNS.findCourse, { id: from._id })).toMatchObject({ tutorials: [], projects: [] });
    const target = await content.send<Course>(CONTENT_PATTERNS.findCourse, { id: to._id });
    expect(target.tutorials.map((entry) => entry._id)).toContain(tutorial._id);
    expect(target.projects.map((entry) => entry._id)).toContain(project._id);
    expect((await content.send<Tutorial>(CONTENT_PATTERNS.findTutorial, { id: tutorial._id })).courseId).toBe(to._id);
    expect((await content.send<Project>(CONTENT_PATTERNS.findProject, { id: project._id })).courseId).toBe(to._id);
    // The list read model agrees with the database.
    const listed = await content.send<{ items: Course[] }>(CONTENT_PATTERNS.listCourses, { page: 1, pageSize: 100 });
    expect(listed.items.find((course) => course._id === from._id)).toMatchObject({ tutorials: [], projects: [] });
  });

  it('refuses a slice listing one tutorial under two courses with 400 naming the path, and writes nothing (issue 17)', async () => {
    const [a, b, shared] = [new Types.ObjectId().toHexString(), new Types.ObjectId().toHexString(), new Types.ObjectId().toHexString()];
    const course = (_id: string, name: string) => ({ _id, topic: 'rm', name, teacher: 'Edgar Codd', length: '1 hour', tutorials: [{ _id: shared, title: 'Shared', contents: [] }], projects: [] });
    expect(await content.refusal(CONTENT_PATTERNS.importSlice, { courses: [course(a, 'First course'), course(b, 'Second course')], courseOffset: 4, interviewOffset: 0 })).toEqual({
      statusCode: 400,
      message: 'courses[5].tutorials[0]._id: This tutorial is already listed at courses[4].tutorials[0]: a tutorial belongs to one course.',
    });
    expect((await content.refusal(CONTENT_PATTERNS.findCourse, { id: a })).statusCode).toBe(404);
    expect((await content.refusal(CONTENT_PATTERNS.findTutorial, { id: shared })).statusCode).toBe(404);
  });

  it('refuses unknown fields and non-objects as rule breaks', async () => {
    const report = await importSlice({ interviewQuestions: [42, { _id: new Types.ObjectId().toHexString(), topic: 'sql', question: 'Q?', answer: 'A.', votes: 3 }] });
    expect(report.rejected).toEqual([
      { path: 'interviewQuestions[0]', message: 'Each item must be an object.' },
      { path: 'interviewQuestions[1].votes', message: 'The field "votes" is not allowed.' },
    ]);
  });
});
