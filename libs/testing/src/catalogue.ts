import { randomBytes } from 'node:crypto';

/** One course of a content import file (CONTRACT "Content export and import"), as plain JSON. */
export interface CatalogueCourse {
  _id: string;
  topic: 'sql';
  name: string;
  teacher: string;
  length: string;
  tutorials: { _id: string; title: string; contents: { _id: string; header: string; detail: string }[] }[];
  projects: { _id: string; title: string; difficulty: 'beginner'; contents: { _id: string; header: string; detail: string }[] }[];
}

export interface CatalogueShape {
  courses: number;
  /** Characters of each tutorial's one block (the bulk of the file). */
  blockBytes: number;
  /** Interview questions: their re-import is one bulk update of them all (the wedge needed 100). */
  questions: number;
}

export interface CatalogueQuestion {
  _id: string;
  topic: 'sql';
  question: string;
  answer: string;
}

/** Issue 30 High 2: the outside catalogue that wedged svc-content's database on re-import. */
export const LARGE_CATALOGUE: CatalogueShape = { courses: 40, blockBytes: 60 * 1024, questions: 150 };

/**
 * An outside catalogue for an import: each course with one tutorial holding one block of
 * `blockBytes` characters and one small project, and short interview questions, all with fresh ids. Cheap to build (a few ms):
 * the text is random hex, so nothing downstream can compress it away.
 */
export function outsideCatalogue({ courses, blockBytes, questions }: CatalogueShape): { courses: CatalogueCourse[]; interviewQuestions: CatalogueQuestion[] } {
  const interviewQuestions = Array.from({ length: questions }, (_, n) => ({ _id: objectId(), topic: 'sql' as const, question: `Outside question ${n + 1}?`, answer: `Answer ${n + 1}.` }));
  return { courses: outsideCourses(courses, blockBytes), interviewQuestions };
}

function outsideCourses(courses: number, blockBytes: number): CatalogueCourse[] {
  return Array.from({ length: courses }, (_, n) => ({
    _id: objectId(),
    topic: 'sql',
    name: `Outside course ${n + 1}`,
    teacher: 'Outside Author',
    length: '2 hours',
    tutorials: [{ _id: objectId(), title: `Long read ${n + 1}`, contents: [{ _id: objectId(), header: `Chapter ${n + 1}`, detail: randomBytes(Math.ceil(blockBytes / 2)).toString('hex').slice(0, blockBytes) }] }],
    projects: [{ _id: objectId(), title: `Exercise ${n + 1}`, difficulty: 'beginner', contents: [{ _id: objectId(), header: 'The task', detail: 'Write the query that answers the question.' }] }],
  }));
}

/** A fresh ObjectId's hex: 4 bytes of seconds, then 8 random bytes. */
function objectId(): string {
  const seconds = Math.floor(Date.now() / 1000).toString(16).padStart(8, '0');
  return seconds + randomBytes(8).toString('hex');
}
