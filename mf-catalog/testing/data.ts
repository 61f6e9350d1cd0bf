// The catalogue's test data builders and the store `npm run start:alone` begins with (browser-safe: no msw/node).
import { LEARNER } from '@dblearn/web/testing';
import type { Course, Project, Tutorial } from '../src/lib/content.js';
import type { CatalogStore } from './handlers.js';

export type { CatalogStore };

/** 24-hex ids like the gateway's, numbered so tests can name them. */
export function oid(n: number): string {
  return n.toString(16).padStart(24, '0');
}

export function course(n: number, overrides: Partial<Course> = {}): Course {
  return { _id: oid(n), topic: 'sql', name: `Course number ${n}`, teacher: `Teacher ${n}`, length: `${n} hours`, tutorials: [], projects: [], ...overrides };
}

/** What a remote run alone shows: a SQL course with a tutorial and a graded project on its sandbox, and two more courses. */
export function aloneStore(): CatalogStore {
  const tutorial: Tutorial = {
    _id: oid(10),
    title: 'SELECT and WHERE',
    courseId: oid(1),
    contents: [{ _id: oid(11), header: 'Filtering rows', detail: 'WHERE keeps the rows whose condition is true.\n```sql\nSELECT name FROM member WHERE city = \'London\';\n```' }],
  };
  const project: Project = {
    _id: oid(20),
    title: 'Members report',
    difficulty: 'beginner',
    courseId: oid(1),
    contents: [{ _id: oid(21), header: 'The task', detail: 'Answer each check with one query on the members table.' }],
    checks: [{ _id: oid(30), kind: 'query', task: 'The name of every member in London.', hintCount: 1 }],
  };
  return {
    courses: [
      course(1, { name: 'Querying with SQL', teacher: 'Edgar Codd', length: '6 hours', tutorials: [{ _id: tutorial._id, title: tutorial.title }], projects: [{ _id: project._id, title: project.title, difficulty: project.difficulty }] }),
      course(2, { topic: 'nosql', name: 'Documents and collections', teacher: 'Ada Byron', length: '4 hours' }),
      course(3, { topic: 'rm', name: 'The relational model', teacher: 'Chris Date', length: '5 hours' }),
    ],
    tutorials: [tutorial],
    projects: [project],
    me: { ...LEARNER, displayName: 'Learner Lee', savedQuestion: [], finishedProject: [], readTutorial: [] },
    stored: { [oid(30)]: { kind: 'query', task: 'The name of every member in London.', referenceSql: "SELECT name FROM member WHERE city = 'London'", hints: ['Filter on the city column.'], explanation: 'WHERE keeps the London rows.' } },
    sandboxes: { [oid(1)]: { kind: 'sql', source: "CREATE TABLE member (name TEXT, city TEXT);\nINSERT INTO member VALUES ('Ada', 'London'), ('Bob', 'Paris');" } },
  };
}
