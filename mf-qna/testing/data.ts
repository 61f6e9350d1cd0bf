// The forum's test data and the forum `npm run start:alone` begins with (browser-safe: no msw/node).
import { TOPICS, type Course, type QnaQuestion, type Topic } from '@dblearn/contracts';
import { LEARNER } from '@dblearn/web/testing';
import type { QnaStore } from './handlers.js';

/** Display names (issue 36): what the forum shows of an author; never an e-mail. */
export const OTHER = 'Someone Else';
export const LEARNER_NAME = 'Learner Lee';

/** The author fields of a post by the display name `name` (LEARNER_NAME is the signed-in LEARNER). */
export function authorOf(name: string): { authorId: string; authorName: string } {
  if (name === LEARNER_NAME) return { authorId: LEARNER._id, authorName: name };
  const hex = [...name].reduce((sum, char) => (sum * 31 + char.charCodeAt(0)) % 0xffffff, 7).toString(16).padStart(6, '0');
  return { authorId: `6560f0c2a1b2c3d4e5${hex}`, authorName: name };
}

/** `count` questions by someone else, over the five topics in turn, ids q1, q2… (q1 oldest). */
export function makeQuestions(count: number, author = OTHER): QnaQuestion[] {
  return Array.from({ length: count }, (_, index) => ({
    _id: `q${index + 1}`,
    topic: TOPICS[index % TOPICS.length] as Topic,
    title: `Question number ${index + 1}`,
    description: `Description of question ${index + 1}.`,
    ...authorOf(author),
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
  answered.replies = [{ _id: 'r1', ...authorOf(LEARNER_NAME), reply: 'Use a LEFT JOIN and keep the rows where the right side is NULL.', datePosted: answered.datePosted }];
  answered.acceptedReplyId = 'r1';
  return { questions, courses: PRACTICE_COURSES };
}
