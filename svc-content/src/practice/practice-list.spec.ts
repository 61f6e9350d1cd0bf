import { describe, expect, it } from '@jest/globals';
import type { PracticeStatusShown } from '@dblearn/contracts';
import { acceptanceOf, type CatalogueExercise, type CheckCounts, nextExercise, practicePage, solvedCells } from './practice-list.js';
import { afterAttempt, countsAdded, PASSED, SHOWN, statusOf, TRIED } from './practice-status.js';

const exercise = (checkId: string, fields: Partial<CatalogueExercise> = {}): CatalogueExercise => ({
  checkId,
  projectId: 'p1',
  projectTitle: 'Library loans',
  courseId: 'c1',
  courseName: 'SQL',
  topic: 'sql',
  kind: 'query',
  task: `Task ${checkId}`,
  difficulty: 'easy',
  engines: ['sqlite'],
  haystack: `task ${checkId}\nlibrary loans`,
  ...fields,
});

const catalogue = [
  exercise('a'),
  exercise('b', { difficulty: 'hard', kind: 'quiz', engines: [] }),
  exercise('c', { difficulty: 'medium', topic: 'nosql', kind: 'mongo', courseId: 'c2', haystack: 'find the movies\nfilms' }),
  exercise('d'),
  exercise('e', { difficulty: 'medium' }),
];
const statuses: Record<string, PracticeStatusShown> = { a: 'solved', d: 'attempted' };
const counts: Record<string, CheckCounts> = { a: { tried: 10, passed: 4 }, b: { tried: 9, passed: 9 }, e: { tried: 20, passed: 15 } };
const view = { statusOf: (id: string) => statuses[id] ?? 'new', countsOf: (id: string) => counts[id] };
const ids = (page: { items: { checkId: string }[] }) => page.items.map((item) => item.checkId);

describe('status bits', () => {
  it('derives new, attempted, solved and solved with the solution shown', () => {
    expect(statusOf(undefined)).toBe('new');
    expect(statusOf(TRIED)).toBe('attempted');
    expect(statusOf(SHOWN | TRIED)).toBe('attempted');
    expect(statusOf(TRIED | PASSED)).toBe('solved');
    expect(statusOf(TRIED | PASSED | SHOWN)).toBe('solved-with-solution');
  });

  it('counts a learner once as tried and once as passed', () => {
    expect(countsAdded(undefined, afterAttempt(undefined, false))).toEqual({ tried: 1, passed: 0 });
    expect(countsAdded(TRIED, afterAttempt(TRIED, true))).toEqual({ tried: 0, passed: 1 });
    expect(countsAdded(undefined, afterAttempt(undefined, true))).toEqual({ tried: 1, passed: 1 });
    expect(countsAdded(TRIED | PASSED, afterAttempt(TRIED | PASSED, false))).toEqual({ tried: 0, passed: 0 });
    expect(countsAdded(SHOWN, SHOWN | TRIED)).toEqual({ tried: 1, passed: 0 });
  });
});

describe('practicePage', () => {
  it('lists every exercise in the courses’ order with status and acceptance (only from 10 tried)', () => {
    const page = practicePage(catalogue, {}, view);
    expect(page.total).toBe(5);
    expect(ids(page)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(page.items[0]).toMatchObject({ status: 'solved', acceptance: 0.4 });
    expect(page.items[1]).toMatchObject({ status: 'new', acceptance: null });
    expect(page.items[0]).not.toHaveProperty('haystack');
    expect(acceptanceOf(undefined)).toBeNull();
  });

  it('filters by topic, course, kind, difficulty and status, and searches task and project title', () => {
    expect(ids(practicePage(catalogue, { topic: 'nosql' }, view))).toEqual(['c']);
    expect(ids(practicePage(catalogue, { course: 'c2' }, view))).toEqual(['c']);
    expect(ids(practicePage(catalogue, { kind: 'quiz' }, view))).toEqual(['b']);
    expect(ids(practicePage(catalogue, { difficulty: 'easy' }, view))).toEqual(['a', 'd']);
    expect(ids(practicePage(catalogue, { status: 'new' }, view))).toEqual(['b', 'c', 'e']);
    expect(ids(practicePage(catalogue, { status: 'attempted', difficulty: 'easy' }, view))).toEqual(['d']);
    expect(ids(practicePage(catalogue, { q: 'FILMS' }, view))).toEqual(['c']);
    expect(ids(practicePage(catalogue, { q: 'library task e' }, view))).toEqual(['e']);
  });

  it('sorts by difficulty or acceptance either way, ties in the courses’ order, no rate last', () => {
    expect(ids(practicePage(catalogue, { sort: 'difficulty' }, view))).toEqual(['a', 'd', 'c', 'e', 'b']);
    expect(ids(practicePage(catalogue, { sort: '-difficulty' }, view))).toEqual(['b', 'c', 'e', 'a', 'd']);
    expect(ids(practicePage(catalogue, { sort: '-acceptance' }, view))).toEqual(['e', 'a', 'b', 'c', 'd']);
    expect(ids(practicePage(catalogue, { sort: 'acceptance' }, view))).toEqual(['a', 'e', 'b', 'c', 'd']);
  });

  it('pages with the total of all matches', () => {
    const second = practicePage(catalogue, { page: 2, pageSize: 2 }, view);
    expect(ids(second)).toEqual(['c', 'd']);
    expect(second.total).toBe(5);
    expect(practicePage(catalogue, { page: 4, pageSize: 2 }, view)).toEqual({ items: [], total: 5 });
  });

  it('still lists every exercise, each "unknown", when the status cannot be read, whatever the status filter', () => {
    const unknown = { statusOf: () => 'unknown' as const, countsOf: view.countsOf };
    const page = practicePage(catalogue, { status: 'solved' }, unknown);
    expect(page.total).toBe(5);
    expect(page.items.every((item) => item.status === 'unknown')).toBe(true);
  });
});

describe('nextExercise', () => {
  it('is the next unsolved one of the same topic and difficulty, else one harder, else null', () => {
    expect(nextExercise(catalogue, 'a', view)?.checkId).toBe('d');
    expect(nextExercise(catalogue, 'd', view)?.checkId).toBe('e'); // a is solved: one harder
    expect(nextExercise(catalogue, 'e', view)?.checkId).toBe('b');
    expect(nextExercise(catalogue, 'b', view)).toBeNull();
    expect(nextExercise(catalogue, 'c', view)).toBeNull();
    expect(nextExercise(catalogue, 'nope', view)).toBeNull();
  });
});

describe('solvedCells', () => {
  it('counts solved of all per topic and difficulty', () => {
    expect(solvedCells(catalogue, { statusOf: (id) => (id === 'a' ? 'solved' : id === 'c' ? 'solved-with-solution' : 'attempted') })).toEqual([
      { topic: 'nosql', difficulty: 'medium', solved: 1, total: 1 },
      { topic: 'sql', difficulty: 'easy', solved: 1, total: 2 },
      { topic: 'sql', difficulty: 'medium', solved: 0, total: 1 },
      { topic: 'sql', difficulty: 'hard', solved: 0, total: 1 },
    ]);
  });
});
