// The forum's test data and the forum `npm run start:alone` begins with (browser-safe: no msw/node).
import { TOPICS, type Course, type QnaQuestion, type Topic } from '@dblearn/contracts';
import { LEARNER } from '@dblearn/web/testing';
import type { QnaStore } from './handlers.js';

export const OTHER = 'someone.else@dblearn.test';

/** `count` questions by someone else, over the five topics in turn, ids q1, q2… (q1 oldest). */
export function makeQuestions(count: number, userName = OTHER): QnaQuestion[] {
  return Array.from({ length: count }, (_, index) => ({
    _id: `q${index + 1}`,
    topic: TOPICS[index % TOPICS.length] as Topic,
    title: `Question number ${index + 1}`,
    description: `Description of question ${index + 1}.`,
    userName,
    datePosted: new Date(Date.UTC(2026, 10, 1 + index)).toISOString(),
    replies: [],
    acceptedReplyId: null,
    sandboxCourseId: null,
  }));
}

/** The one course with a SQL sandbox a question may run its ```sql blocks on. */
export const PRACTICE_COURSES: Course[] = [{ _id: 'c-sql', name: 'SQL practice', topic: 'sql', teacher: 'Ada', length: '1 hour', tutorials: [], projects: [] }];

/** What a remote run alone shows: two pages of questions, one answered by the learner and accepted. */
export function aloneStore(): QnaStore {
  const questions = makeQuestions(8);
  const answered = questions[7]!;
  answered.replies = [{ _id: 'r1', userName: LEARNER.email, reply: 'Use a LEFT JOIN and keep the rows where the right side is NULL.', datePosted: answered.datePosted }];
  answered.acceptedReplyId = 'r1';
  return { questions, courses: PRACTICE_COURSES };
}
