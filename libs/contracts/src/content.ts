import type { z } from 'zod';
import type * as answers from './answers/content.answers.js';
import { CONTENT_ITEM_MAX_JSON_BYTES } from './limits.js';

// What svc-content answers (CONTRACT "Courses, tutorials, projects, interview questions"), inferred
// from the one definition of each shape in ./answers (which /api/docs is generated from).
// Ids are ObjectId hex strings; lists are oldest first.

/** One block of a tutorial or project: a header, then detail text split at line breaks. */
export type ContentBlock = z.output<typeof answers.ContentBlockAnswer>;
export type CourseTutorialEntry = z.output<typeof answers.CourseTutorialEntryAnswer>;
export type CourseProjectEntry = z.output<typeof answers.CourseProjectEntryAnswer>;
export type Course = z.output<typeof answers.CourseAnswer>;
/** `courseId` is null while it belongs to no course. */
export type Tutorial = z.output<typeof answers.TutorialAnswer>;
/** Its checks as a learner sees them: the reference query never leaves svc-content. */
export type Project = z.output<typeof answers.ProjectAnswer>;

// ---- Runnable SQL (CONTRACT "Runnable SQL (sandboxes and checks)") ----

export const SANDBOX_KINDS = ['sql', 'mongo'] as const;
export type SandboxKind = (typeof SANDBOX_KINDS)[number];

/** A course's practice database: a SQLite script, or JSON `{collection: [documents]}`. */
export type Sandbox = z.output<typeof answers.SandboxAnswer>;

/** The lab's SQL engines (issue 32): SQLite in the browser (and svc-content's workers), PostgreSQL on the server. */
export const SQL_ENGINES = ['sqlite', 'postgres'] as const;
export type SqlEngine = (typeof SQL_ENGINES)[number];
/** A learner's lab runs here until they choose (issue 32): most learners use SQL at work on PostgreSQL. */
export const DEFAULT_LAB_ENGINE: SqlEngine = 'postgres';
/**
 * A SQL check's `engines` where it is graded on PostgreSQL only (issue 32: GROUPING SETS, JSONB,
 * roles, MVCC); absent, it is graded on both. The only one-engine list a check may carry: a check
 * that reads SQLite's catalogue is told apart by its SQL (svc-content's sqliteOnlyReason).
 */
export const POSTGRES_ONLY_ENGINES = ['postgres'] as const satisfies readonly SqlEngine[];
/** Whether a check (any kind) is graded on PostgreSQL only. */
export const isPostgresOnly = (check: object): boolean => {
  const { engines } = check as { engines?: readonly string[] };
  return engines?.length === 1 && engines[0] === 'postgres';
};
/** The 400 of an attempt on SQLite at a PostgreSQL-only check (nothing is recorded). */
export const POSTGRES_ONLY_MESSAGE = 'This check is graded on PostgreSQL only: what it teaches does not exist in SQLite. Switch the engine to PostgreSQL to be graded.';
/** POST /course/sandbox/{courseId}/run: every statement's result that has columns, in order. */
export type SandboxRun = z.output<typeof answers.SandboxRunAnswer>;
export type ProjectCheck = z.output<typeof answers.ProjectCheckAnswer>;
/** A check as svc-content keeps it (admin answers, export, import), discriminated by `kind`. */
export type StoredCheck = z.output<typeof answers.StoredCheckAnswer>;
export type CheckKind = StoredCheck['kind'];
/** A stored check of one kind: `CheckOfKind<'quiz'>`. */
export type CheckOfKind<K extends CheckKind> = Extract<StoredCheck, { kind: K }>;
export type Probe = z.output<typeof answers.ProbeAnswer>;
export type Quiz = z.output<typeof answers.QuizAnswer>;
export type QuizType = Quiz['type'];

/**
 * Check kinds (CONTRACT "Runnable SQL"): query (a SELECT compared with the reference's result on
 * the visible and the hidden data), state (statements, then a verification query and probes),
 * mongo (a find/aggregate with mingo on the JSON sandbox and its hidden variant), quiz (no sandbox).
 */
export const CHECK_KINDS = ['query', 'state', 'mongo', 'quiz'] as const;
export const QUIZ_TYPES = ['choice', 'number', 'set'] as const;
/** fails: the statement must be refused; succeeds: it must run; holds: a query whose first value must be 1 (a schema fact). */
export const PROBE_EXPECTATIONS = ['fails', 'succeeds', 'holds'] as const;
/** A query or state check's `columnOrder`: absent, the right columns in any order pass; `strict` where the task states the order. */
export const COLUMN_ORDERS = ['strict'] as const;
export type ColumnOrder = (typeof COLUMN_ORDERS)[number];
/** An exercise's own difficulty (issue 33), shown on its card and counted by a course's honest length. */
export const CHECK_DIFFICULTIES = ['easy', 'medium', 'hard'] as const;
export type CheckDifficulty = (typeof CHECK_DIFFICULTIES)[number];
/** The SQL practice categories a project may belong to, in the order a practice course teaches them. */
export const PRACTICE_CATEGORIES = ['basics', 'joins', 'subqueries', 'aggregation', 'set operations', 'modifying data', 'dates', 'strings', 'CASE and NULLs', 'recursive queries', 'window functions', 'put it together'] as const;
export type PracticeCategory = (typeof PRACTICE_CATEGORIES)[number];
/** A second model solution and what it trades against the first (shown with the solution). */
export interface CheckAlternative {
  sql: string;
  tradeoff: string;
}
export type ProbeExpectation = (typeof PROBE_EXPECTATIONS)[number];

/**
 * What a learner sends to one check (POST /project/{projectId}/attempts, besides `checkId`): SQL for
 * query and state checks, a ```mongo query for mongo checks, and for quizzes the option indexes
 * (choice), a number (number) or the items (set). SQL may name the engine it is graded on (issue
 * 32; SQLite when absent).
 */
export type CheckAttempt = { sql: string; engine?: SqlEngine } | { query: string } | { answer: QuizAnswerValue };
export type QuizAnswerValue = number[] | number | string[];

/** After this many failed attempts a learner may reveal a check's solution. */
export const SOLUTION_AFTER_FAILURES = 3;
export const SOLUTION_LOCKED_MESSAGE = `Try this check ${SOLUTION_AFTER_FAILURES} times before revealing its solution.`;
/**
 * The fail of a result right on the visible data and wrong on the hidden variant: every such fail
 * starts with HIDDEN_DATA_PREFIX and then says what kind of difference it is (grading.ts
 * hiddenDifference), never a hidden value. HIDDEN_DATA_MESSAGE is the one that names no kind: an
 * error, a time-out, a memory error or an oversize on the hidden data gets it, like any other miss.
 */
export const HIDDEN_DATA_PREFIX = 'Your answer matches on the practice data but not on the hidden data';
export const HIDDEN_DATA_MESSAGE = `${HIDDEN_DATA_PREFIX}: its result differs there.`;
/** Whether a verdict's message is one of the hidden-data fails. */
export const isHiddenDataMessage = (message: string): boolean => message.startsWith(HIDDEN_DATA_PREFIX);

/** POST /project/{projectId}/checks/{checkId}/solution */
export type CheckSolution = z.output<typeof answers.CheckSolutionAnswer>;

/** A SQL result: column names, then rows of plain values (a BLOB as hex text). */
export type SqlValue = string | number | null;

/** The first rows of a result and how many it has in all. */
export type ResultSlice = z.output<typeof answers.ResultSliceAnswer>;

/**
 * POST /project/{projectId}/attempts. `rows` are the learner's first ATTEMPT_ROWS_SHOWN rows
 * (`rowCount` all of them). On a fail where both queries ran, `expected` holds the first
 * EXPECTED_ROWS_SHOWN rows of the reference's result (never the reference query itself).
 */
export type AttemptResult = z.output<typeof answers.AttemptResultAnswer>;

/**
 * GET /project/{projectId}/passes: the caller's passed checks among the project's current ones,
 * the ones whose solution they revealed first, and per check the hints unlocked and the failures.
 */
export type CheckPasses = z.output<typeof answers.CheckPassesAnswer>;

/** GET /project/check/{projectId} (admins): the project's checks with their reference queries. */
export type StoredChecks = z.output<typeof answers.StoredChecksAnswer>;

/** GET /checks/analysis (admins): one check's figures from learners' counted attempts (issue 34). */
export type CheckFigures = z.output<typeof answers.CheckFiguresAnswer>;
/** GET /checks/analysis/{checkId} (admins): the figures and the five most common wrong answers. */
export type CheckAnalysis = z.output<typeof answers.CheckAnalysisAnswer>;
/** Attempts-to-pass buckets: 1, 2, 3, then 4 or more. */
export const ATTEMPT_BUCKETS = ['1', '2', '3', '4+'] as const;

/** What is left before a learner may finish a project: the checks they have not passed. */
export interface ChecksLeft {
  left: ProjectCheck[];
}

/** An attempt (and any sandbox or reference query the server runs) stops after this long. */
export const SQL_TIME_LIMIT_MS = 2_000;
/** How long the gateway waits for an attempt: the whole time limit in svc-content, plus the wait for a free worker. */
export const SQL_CALL_TIMEOUT_MS = SQL_TIME_LIMIT_MS + 3_000;
/** How long the gateway waits for an admin's sandbox or check save: svc-content tries a timed-out script or reference once more before refusing it. */
export const ADMIN_SQL_CALL_TIMEOUT_MS = 2 * SQL_TIME_LIMIT_MS + 3_000;
/** An attempt answers at most this many of the learner's rows. */
export const ATTEMPT_ROWS_SHOWN = 50;
/** A failed attempt shows at most this many of the expected rows: enough to see why, not the whole answer. */
export const EXPECTED_ROWS_SHOWN = 5;
/** A result with more rows than this is refused rather than compared. */
export const SQL_RESULT_ROW_CAP = 10_000;

export const SANDBOX_NOT_FOUND_MESSAGE = 'This course has no sandbox.';
export const CHECK_NOT_FOUND_MESSAGE = 'Check not found.';

export type InterviewQuestion = z.output<typeof answers.InterviewQuestionAnswer>;

/** One page of a list and the number of matching items (the gateway's X-Total-Count). */
export interface ListPage<T> {
  items: T[];
  total: number;
}

/**
 * GET /content/export (CONTRACT "Content export and import"): every course with its tutorials and
 * projects, and every interview question, with their `_id`s. POST /content/import takes the same.
 * Courses carry their `sandbox` and projects their `checks`.
 */
export type ContentExport = z.output<typeof answers.ContentExportAnswer>;

export const CONTENT_EXPORT_FORMAT = 'dblearn-content/1';

export type ExportedCourse = z.output<typeof answers.ExportedCourseAnswer>;

export type ExportedTutorial = z.output<typeof answers.ExportedTutorialAnswer>;
/** Checks travel whole, reference queries included (an admin's backup). */
export type ExportedProject = z.output<typeof answers.ExportedProjectAnswer>;

/** One invalid item of an import: where it is in the file (`courses[3].tutorials[0].title`) and the rule it breaks. */
export type ImportRejection = z.output<typeof answers.ImportRejectionAnswer>;

/** POST /content/import: counts are of top-level items (courses and interview questions). */
export type ImportReport = z.output<typeof answers.ImportReportAnswer>;

export const COURSE_NOT_FOUND_MESSAGE = 'Course not found.';
export const TUTORIAL_NOT_FOUND_MESSAGE = 'Tutorial not found.';
export const PROJECT_NOT_FOUND_MESSAGE = 'Project not found.';
export const INTERVIEW_NOT_FOUND_MESSAGE = 'Interview question not found.';
export const BLOCK_NOT_FOUND_MESSAGE = 'Content block not found.';
/** 409 when a new block would take a tutorial or project past CONTENT_ITEM_MAX_JSON_BYTES (issue 17). */
export function itemTooLargeMessage(noun: 'tutorial' | 'project'): string {
  return `This ${noun} would pass ${CONTENT_ITEM_MAX_JSON_BYTES / 1024} kB with this block, the most one takes; split it into another ${noun} or remove a block.`;
}
