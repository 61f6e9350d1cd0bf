import { CHECK_DIFFICULTIES, CHECK_KINDS, type CheckDifficulty, type CheckKind } from './content.js';
import type { Difficulty } from './levels.js';
import type { Topic } from './topics.js';

/**
 * The practice list (issue 34, GET /practice): every graded exercise (a project's check) of every
 * course, with the caller's status and the exercise's acceptance rate, from svc-content's read models.
 */

/** A learner's progress on one exercise: never tried, tried, passed, or passed after revealing the solution. */
export const PRACTICE_STATUSES = ['new', 'attempted', 'solved', 'solved-with-solution'] as const;
export type PracticeStatus = (typeof PRACTICE_STATUSES)[number];
/** As answered: "unknown" while the learner's progress cannot be read (the list still answers). */
export type PracticeStatusShown = PracticeStatus | 'unknown';

export const PRACTICE_KINDS = CHECK_KINDS;
export const PRACTICE_DIFFICULTIES = CHECK_DIFFICULTIES;
/** `-` first: highest first. Without `sort`: the courses' order (course, project, check). Exercises without an acceptance rate come last. */
export const PRACTICE_SORTS = ['difficulty', '-difficulty', 'acceptance', '-acceptance'] as const;
export type PracticeSort = (typeof PRACTICE_SORTS)[number];
/** Every query field GET /practice takes; any other is a 400 naming these. */
export const PRACTICE_QUERY_FIELDS = ['topic', 'course', 'kind', 'difficulty', 'status', 'sort', 'q', 'page', 'pageSize'] as const;
/** An acceptance rate is shown once this many learners tried the exercise. */
export const ACCEPTANCE_MIN_TRIED = 10;
export const PRACTICE_SEARCH_MAX = 100;

/** A project's difficulty on the exercises' scale, for a check without its own. */
export const DIFFICULTY_OF_PROJECT: Record<Difficulty, CheckDifficulty> = { beginner: 'easy', intermediate: 'medium', professional: 'hard' };

export interface PracticeExercise {
  checkId: string;
  projectId: string;
  projectTitle: string;
  courseId: string;
  courseName: string;
  topic: Topic;
  kind: CheckKind;
  /** The task as the learner reads it. */
  task: string;
  difficulty: CheckDifficulty;
  /** The engines it is graded on: ['sqlite', 'postgres'] for SQL checks, ['mongo'] for mongo checks, [] for quizzes. */
  engines: string[];
  status: PracticeStatusShown;
  /** Learners who passed out of learners who tried (0–1), once ACCEPTANCE_MIN_TRIED tried; else null. */
  acceptance: number | null;
}

/** GET /practice/next?after=<checkId>: the next unsolved exercise of the same topic and difficulty, else one harder; null when none is left. */
export interface PracticeNext {
  next: PracticeExercise | null;
}

/** GET /practice/solved: per topic and difficulty (cells with at least one exercise), how many the caller solved of how many. */
export interface PracticeSolved {
  cells: { topic: Topic; difficulty: CheckDifficulty; solved: number; total: number }[];
}

export const PRACTICE_STATUS_UNAVAILABLE_MESSAGE = 'Your practice progress cannot be read right now. Try again in a moment.';
