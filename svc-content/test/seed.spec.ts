import { CONTENT_PATTERNS, type Course, type ImportReport, type ListPage } from '@dblearn/contracts';
import type { NatsCaller } from '@dblearn/testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestMicroservice } from '@nestjs/common';
import { demoCourses } from '../src/seed/demo-curriculum.js';
import { DEMO_INTERVIEW_QUESTIONS } from '../src/seed/interview-questions.js';
import { type ContentSuite, startContentService, startContentSuite } from './support/content-service.js';
import { exportAll } from './support/export.js';

let suite: ContentSuite;
let content: NatsCaller;
let second: INestMicroservice | undefined;

beforeAll(async () => {
  suite = await startContentSuite('svc_content_seed', { SEED_DEMO: 'true' });
  ({ content } = suite);
}, 60_000);

afterAll(async () => {
  await second?.close();
  await suite?.close();
});

describe('the demo content (SEED_DEMO)', () => {
  it('loads every demo course and question into an empty database, exactly as written', async () => {
    const exported = await exportAll(content);
    expect(exported.courses).toEqual(demoCourses());
    expect(exported.interviewQuestions.map(({ topic, question, answer }) => ({ topic, question, answer }))).toEqual(DEMO_INTERVIEW_QUESTIONS);
    const sql = await content.send<ListPage<Course>>(CONTENT_PATTERNS.listCourses, { topic: 'sql', page: 1, pageSize: 6 });
    expect(sql.total).toBe(demoCourses().filter((course) => course.topic === 'sql').length);
  });

  it('round-trips every course: delete them all, import the export, and the next export is identical', async () => {
    const before = await exportAll(content);
    for (const course of before.courses) await content.send(CONTENT_PATTERNS.deleteCourse, { id: course._id });
    expect((await content.send<ListPage<Course>>(CONTENT_PATTERNS.listCourses, {})).total).toBe(0);
    for (const course of before.courses) {
      for (const tutorial of course.tutorials) expect((await content.refusal(CONTENT_PATTERNS.findTutorial, { id: tutorial._id })).statusCode).toBe(404);
    }
    const report = await content.send<ImportReport>(CONTENT_PATTERNS.importSlice, { courses: before.courses, courseOffset: 0, interviewOffset: 0 }, 60_000);
    expect(report).toEqual({ created: before.courses.length, updated: 0, rejected: [] });
    expect((await exportAll(content)).courses).toEqual(before.courses);
  });

  it('does not seed again, from a second instance, once there is content', async () => {
    second = await startContentService(suite.config);
    await second.close();
    second = undefined;
    expect(await suite.db.collection('courses').countDocuments()).toBe(demoCourses().length);
    expect(await suite.db.collection('interviewquestions').countDocuments()).toBe(DEMO_INTERVIEW_QUESTIONS.length);
  });
});
