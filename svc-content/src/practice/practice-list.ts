import {
  ACCEPTANCE_MIN_TRIED,
  type CheckDifficulty,
  LIST_PAGE_SIZE,
  type ListPage,
  PRACTICE_DIFFICULTIES,
  type PracticeExercise,
  type PracticeSolved,
  type PracticeStatusShown,
  TOPICS,
} from '@dblearn/contracts';
import type { PracticeQueryDto } from '@dblearn/contracts/dto';

/** An exercise as the catalogue holds it: everything but the caller's status and the live acceptance. */
export type CatalogueExercise = Omit<PracticeExercise, 'status' | 'acceptance'> & {
  /** Lower-cased task and project title, for `q`. */
  haystack: string;
};

export interface CheckCounts {
  tried: number;
  passed: number;
}

/** What a page needs beside the catalogue: the caller's status per check and the counts per check. */
export interface PracticeView {
  statusOf(checkId: string): PracticeStatusShown;
  countsOf(checkId: string): CheckCounts | undefined;
}

/** passed/tried, once enough learners tried; else null. */
export function acceptanceOf(counts: CheckCounts | undefined): number | null {
  if (!counts || counts.tried < ACCEPTANCE_MIN_TRIED) return null;
  return Math.min(1, counts.passed / counts.tried);
}

const rank = (difficulty: CheckDifficulty) => PRACTICE_DIFFICULTIES.indexOf(difficulty);

/**
 * One page of the practice list: filtered, searched, sorted (stable: ties keep the catalogue's
 * order), sliced. `status` is ignored while the caller's status is unknown (the list still shows
 * every exercise, each "unknown").
 */
export function practicePage(catalogue: readonly CatalogueExercise[], query: PracticeQueryDto, view: PracticeView): ListPage<PracticeExercise> {
  const words = (query.q ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  // Only the page's exercises are copied into answers: the rest are filtered and sorted as they are.
  const matching = catalogue.filter((exercise) => {
    if (query.topic && exercise.topic !== query.topic) return false;
    if (query.course && exercise.courseId !== query.course) return false;
    if (query.kind && exercise.kind !== query.kind) return false;
    if (query.difficulty && exercise.difficulty !== query.difficulty) return false;
    if (words.some((word) => !exercise.haystack.includes(word))) return false;
    if (!query.status) return true;
    const status = view.statusOf(exercise.checkId);
    return status === 'unknown' || status === query.status;
  });
  const sorted = sortExercises(matching, query.sort, (exercise) => acceptanceOf(view.countsOf(exercise.checkId)));
  const pageSize = query.pageSize ?? LIST_PAGE_SIZE.default;
  const offset = ((query.page ?? 1) - 1) * pageSize;
  return { items: sorted.slice(offset, offset + pageSize).map((exercise) => shown(exercise, view)), total: sorted.length };
}

/** The exercise as answered, with the caller's status and its acceptance. */
function shown({ haystack: _haystack, ...exercise }: CatalogueExercise, view: PracticeView): PracticeExercise {
  return { ...exercise, status: view.statusOf(exercise.checkId), acceptance: acceptanceOf(view.countsOf(exercise.checkId)) };
}

function sortExercises(exercises: CatalogueExercise[], sort: PracticeQueryDto['sort'], acceptance: (exercise: CatalogueExercise) => number | null): CatalogueExercise[] {
  if (!sort) return exercises;
  const descending = sort.startsWith('-') ? -1 : 1;
  const keys = new Map(exercises.map((exercise) => [exercise, sort.endsWith('difficulty') ? rank(exercise.difficulty) : acceptance(exercise)]));
  // Array.prototype.sort is stable: equal keys keep the courses' order.
  return exercises.sort((a, b) => {
    const [x, y] = [keys.get(a) ?? null, keys.get(b) ?? null];
    if (x === y) return 0;
    if (x === null) return 1;
    if (y === null) return -1;
    return (x - y) * descending;
  });
}

/**
 * The exercise to do after `afterId`: the next one not solved of the same topic and difficulty (in
 * the courses' order, after it and then from the start), else the first not solved of the same topic
 * one difficulty harder, then harder still; null when none is left (or `afterId` is not listed).
 */
export function nextExercise(catalogue: readonly CatalogueExercise[], afterId: string, view: PracticeView): PracticeExercise | null {
  const at = catalogue.findIndex((exercise) => exercise.checkId === afterId);
  const current = catalogue[at];
  if (!current) return null;
  const rotated = [...catalogue.slice(at + 1), ...catalogue.slice(0, at)];
  const open = (exercise: CatalogueExercise) => {
    const status = view.statusOf(exercise.checkId);
    return status !== 'solved' && status !== 'solved-with-solution';
  };
  for (let level = rank(current.difficulty); level < PRACTICE_DIFFICULTIES.length; level += 1) {
    const found = rotated.find((exercise) => exercise.topic === current.topic && rank(exercise.difficulty) === level && open(exercise));
    if (found) return shown(found, view);
  }
  return null;
}

/** Solved of all per topic and difficulty, topics in TOPICS' order, easiest first. */
export function solvedCells(catalogue: readonly CatalogueExercise[], view: Pick<PracticeView, 'statusOf'>): PracticeSolved['cells'] {
  const cells = new Map<string, PracticeSolved['cells'][number]>();
  for (const exercise of catalogue) {
    const key = `${exercise.topic}:${exercise.difficulty}`;
    const cell = cells.get(key) ?? { topic: exercise.topic, difficulty: exercise.difficulty, solved: 0, total: 0 };
    cell.total += 1;
    const status = view.statusOf(exercise.checkId);
    if (status === 'solved' || status === 'solved-with-solution') cell.solved += 1;
    cells.set(key, cell);
  }
  return [...cells.values()].sort((a, b) => TOPICS.indexOf(a.topic) - TOPICS.indexOf(b.topic) || rank(a.difficulty) - rank(b.difficulty));
}
