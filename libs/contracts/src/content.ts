import type { Difficulty } from './levels.js';
import type { Topic } from './topics.js';

// What svc-content answers (CONTRACT "Courses, tutorials, projects, interview questions").
// Ids are ObjectId hex strings; lists are oldest first.

/** One block of a tutorial or project: a header, then detail text split at line breaks. */
export interface ContentBlock {
  _id: string;
  header: string;
  detail: string;
}

export interface CourseTutorialEntry {
  _id: string;
  title: string;
}

export interface CourseProjectEntry {
  _id: string;
  title: string;
  difficulty: Difficulty;
}

export interface Course {
  _id: string;
  topic: Topic;
  name: string;
  teacher: string;
  length: string;
  tutorials: CourseTutorialEntry[];
  projects: CourseProjectEntry[];
}

export interface Tutorial {
  _id: string;
  title: string;
  /** null while it belongs to no course. */
  courseId: string | null;
  contents: ContentBlock[];
}

export interface Project {
  _id: string;
  title: string;
  difficulty: Difficulty;
  courseId: string | null;
  contents: ContentBlock[];
  /** Its checks as a learner sees them: the reference query never leaves svc-content. */
  checks: ProjectCheck[];
}

// ---- Runnable SQL (CONTRACT "Runnable SQL (sandboxes and checks)") ----

export const SANDBOX_KINDS = ['sql', 'mongo'] as const;
export type SandboxKind = (typeof SANDBOX_KINDS)[number];

/** A course's practice database: a SQLite script, or JSON `{collection: [documents]}`. */
export interface Sandbox {
  kind: SandboxKind;
  source: string;
}

export interface ProjectCheck {
  _id: string;
  task: string;
}

/** A check as svc-content keeps it (and as the export carries it). */
export interface StoredCheck extends ProjectCheck {
  referenceSql: string;
}

/** A SQL result: column names, then rows of plain values (a BLOB as hex text). */
export type SqlValue = string | number | null;

/** The first rows of a result and how many it has in all. */
export interface ResultSlice {
  columns: string[];
  rows: SqlValue[][];
  rowCount: number;
}

/**
 * POST /project/{projectId}/attempts. `rows` are the learner's first ATTEMPT_ROWS_SHOWN rows
 * (`rowCount` all of them). On a fail where both queries ran, `expected` holds the first
 * EXPECTED_ROWS_SHOWN rows of the reference's result (never the reference query itself).
 */
export interface AttemptResult {
  passed: boolean;
  message: string;
  columns?: string[];
  rows?: SqlValue[][];
  rowCount?: number;
  expected?: ResultSlice;
}

/** GET /project/{projectId}/passes: the caller's passed checks among the project's current ones. */
export interface CheckPasses {
  passed: string[];
}

/** GET /project/check/{projectId} (admins): the project's checks with their reference queries. */
export interface StoredChecks {
  checks: StoredCheck[];
}

/** What is left before a learner may finish a project: the checks they have not passed. */
export interface ChecksLeft {
  left: ProjectCheck[];
}

/** An attempt (and any sandbox or reference query the server runs) stops after this long. */
export const SQL_TIME_LIMIT_MS = 2_000;
/** An attempt answers at most this many of the learner's rows. */
export const ATTEMPT_ROWS_SHOWN = 50;
/** A failed attempt shows at most this many of the expected rows: enough to see why, not the whole answer. */
export const EXPECTED_ROWS_SHOWN = 5;
/** A result with more rows than this is refused rather than compared. */
export const SQL_RESULT_ROW_CAP = 10_000;

export const SANDBOX_NOT_FOUND_MESSAGE = 'This course has no sandbox.';
export const CHECK_NOT_FOUND_MESSAGE = 'Check not found.';

export interface InterviewQuestion {
  _id: string;
  topic: Topic;
  question: string;
  answer: string;
}

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
export interface ContentExport {
  format: typeof CONTENT_EXPORT_FORMAT;
  exportedAt: string;
  courses: ExportedCourse[];
  interviewQuestions: InterviewQuestion[];
}

export const CONTENT_EXPORT_FORMAT = 'dblearn-content/1';

export interface ExportedCourse {
  _id: string;
  topic: Topic;
  name: string;
  teacher: string;
  length: string;
  tutorials: ExportedTutorial[];
  projects: ExportedProject[];
  /** null (or absent in an older file) when the course has none. */
  sandbox?: Sandbox | null;
}

export type ExportedTutorial = Omit<Tutorial, 'courseId'>;
/** Checks travel whole, reference queries included (an admin's backup). */
export type ExportedProject = Omit<Project, 'courseId' | 'checks'> & { checks?: StoredCheck[] };

/** One invalid item of an import: where it is in the file (`courses[3].tutorials[0].title`) and the rule it breaks. */
export interface ImportRejection {
  path: string;
  message: string;
}

/** POST /content/import: counts are of top-level items (courses and interview questions). */
export interface ImportReport {
  created: number;
  updated: number;
  rejected: ImportRejection[];
}

export const COURSE_NOT_FOUND_MESSAGE = 'Course not found.';
export const TUTORIAL_NOT_FOUND_MESSAGE = 'Tutorial not found.';
export const PROJECT_NOT_FOUND_MESSAGE = 'Project not found.';
export const INTERVIEW_NOT_FOUND_MESSAGE = 'Interview question not found.';
export const BLOCK_NOT_FOUND_MESSAGE = 'Content block not found.';
