import { CONTENT_PATTERNS, EVENT_SUBJECTS, INTERVIEW_NOT_FOUND_MESSAGE, type InterviewQuestion, type ListPage, ROUTES } from '@dblearn/contracts';
import { type NatsCaller, routeCall } from '@dblearn/testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestMicroservice } from '@nestjs/common';
import { type ContentSuite, eventually, startContentService, startContentSuite } from './support/content-service.js';
import { publishedEvents } from './support/events.js';
import { exportAll, importAll } from './support/export.js';

let suite: ContentSuite;
let second: INestMicroservice | undefined;
let content: NatsCaller;

const ask = (fields: Partial<InterviewQuestion> = {}) =>
  content.send<InterviewQuestion>(...routeCall(ROUTES.interview.create, { body: { topic: 'sql', question: 'What does a LEFT JOIN keep?', answer: 'Every row of the left table.', ...fields } }));
const list = (query: object) => content.send<ListPage<InterviewQuestion>>(CONTENT_PATTERNS.listInterview, query);

beforeAll(async () => {
  suite = await startContentSuite('svc_content_interview');
  ({ content } = suite);
}, 60_000);

afterAll(async () => {
  await second?.close();
  await suite?.close();
});

describe('interview questions', () => {
  it('creates, reads, updates and deletes, recording updated and deleted events', async () => {
    const created = await ask();
    expect(created).toEqual({ _id: expect.stringMatching(/^[0-9a-f]{24}$/), topic: 'sql', question: 'What does a LEFT JOIN keep?', answer: 'Every row of the left table.', difficulty: 'medium' });
    const hard = await content.send<InterviewQuestion>(...routeCall(ROUTES.interview.update, { params: { id: created._id }, body: { topic: 'rm', question: 'Q?', answer: 'A.', difficulty: 'hard' } }));
    expect(hard.difficulty).toBe('hard');
    // An edit without a difficulty keeps the question's.
    const updated = await content.send<InterviewQuestion>(...routeCall(ROUTES.interview.update, { params: { id: created._id }, body: { topic: 'rm', question: 'Q?', answer: 'A.' } }));
    expect(updated).toEqual({ _id: created._id, topic: 'rm', question: 'Q?', answer: 'A.', difficulty: 'hard' });
    expect(await content.send(CONTENT_PATTERNS.findInterview, { id: created._id })).toEqual(updated);
    expect(await content.send(...routeCall(ROUTES.interview.delete, { params: { id: created._id } }))).toEqual(updated);
    expect(await content.refusal(CONTENT_PATTERNS.findInterview, { id: created._id })).toEqual({ statusCode: 404, message: INTERVIEW_NOT_FOUND_MESSAGE });
    const events = await publishedEvents(suite.infra.natsUrl, 'events.content.interview.>', created._id);
    expect(events.map((e) => e.subject)).toEqual([EVENT_SUBJECTS.interviewCreated, EVENT_SUBJECTS.interviewUpdated, EVENT_SUBJECTS.interviewUpdated, EVENT_SUBJECTS.interviewDeleted]);
    expect(events[2]).toMatchObject({ topic: 'rm', question: 'Q?', answer: 'A.' });
  });

  it('refuses a missing field, an empty one, a topic outside the five and a difficulty outside easy, medium, hard', async () => {
    expect(await content.refusal(...routeCall(ROUTES.interview.create, { body: { topic: 'sql', question: 'Why?', answer: 'x', difficulty: 'expert' } }))).toMatchObject({ statusCode: 400, message: ['Difficulty must be one of: easy, medium, hard.'] });
    expect((await content.refusal(...routeCall(ROUTES.interview.create, { body: { topic: 'sql', question: 'Why?' } }))).statusCode).toBe(400);
    expect((await content.refusal(...routeCall(ROUTES.interview.create, { body: { topic: 'sql', question: '', answer: 'x' } }))).statusCode).toBe(400);
    expect((await content.refusal(...routeCall(ROUTES.interview.create, { body: { topic: 'graphs', question: 'Why?', answer: 'x' } }))).statusCode).toBe(400);
  });

  it('exports and imports the difficulty; an older file without one imports as medium', async () => {
    const hard = { _id: '6960a1b2c3d4e5f601234567', topic: 'rm', question: 'What is 5NF?', answer: 'Project-join normal form.', difficulty: 'hard' };
    const older = { _id: '6960a1b2c3d4e5f601234568', topic: 'rm', question: 'What is 1NF?', answer: 'Atomic values.' };
    expect(await importAll(content, { courses: [], interviewQuestions: [hard, older] })).toEqual({ created: 2, updated: 0, rejected: [] });
    const exported = (await exportAll(content)).interviewQuestions.filter((q) => q._id === hard._id || q._id === older._id);
    expect(exported).toEqual([hard, { ...older, difficulty: 'medium' }]);
    expect(await importAll(content, { courses: [], interviewQuestions: [{ ...hard, difficulty: 'easy' }] })).toEqual({ created: 0, updated: 1, rejected: [] });
    expect(await content.send(CONTENT_PATTERNS.findInterview, { id: hard._id })).toEqual({ ...hard, difficulty: 'easy' });
  });

  it('pages by topic, oldest first, with the total', async () => {
    const made: InterviewQuestion[] = [];
    for (let i = 0; i < 13; i += 1) made.push(await ask({ topic: 'nosql', question: `NoSQL question ${i}` }));
    const third = await list({ topic: 'nosql', page: 3, pageSize: 6 });
    expect(third).toEqual({ items: [made[12]], total: 13 });
    expect((await list({ topic: 'nosql', page: 1, pageSize: 6 })).items.map((q) => q.question)).toEqual(made.slice(0, 6).map((q) => q.question));
  });

  it('pages by difficulty, alone or with a topic, and refuses an unknown one naming the three', async () => {
    const hard = [await ask({ topic: 'beginner', question: 'Hard one', difficulty: 'hard' }), await ask({ topic: 'rm', question: 'Hard two', difficulty: 'hard' })];
    await ask({ topic: 'beginner', question: 'Easy one', difficulty: 'easy' });
    expect(await list({ topic: 'beginner', difficulty: 'hard' })).toEqual({ items: [hard[0]], total: 1 });
    const allHard = await list({ difficulty: 'hard', pageSize: 100 });
    expect(allHard.items.every((q) => q.difficulty === 'hard')).toBe(true);
    expect(allHard.items.map((q) => q._id)).toEqual(expect.arrayContaining(hard.map((q) => q._id)));
    expect(await content.refusal(CONTENT_PATTERNS.listInterview, { difficulty: 'expert' })).toMatchObject({ statusCode: 400, message: ['difficulty must be one of: easy, medium, hard.'] });
  });

  it("a second instance's read model follows the first one's writes through the events", async () => {
    second = await startContentService(suite.config);
    const created = await ask({ topic: 'fo', question: 'Heap or sorted file?' });
    // Requests alternate between the two instances (one queue group): every answer must agree.
    await eventually(async () => {
      const pages = await Promise.all([1, 2, 3, 4].map(() => list({ topic: 'fo' })));
      return pages.every((page) => page.items.some((q) => q._id === created._id));
    }, 10_000, 'both instances list the new question');
    await content.send(...routeCall(ROUTES.interview.delete, { params: { id: created._id } }));
    await eventually(async () => {
      const pages = await Promise.all([1, 2, 3, 4].map(() => list({ topic: 'fo' })));
      return pages.every((page) => page.total === 0);
    }, 10_000, 'both instances drop the deleted question');
  });
});
