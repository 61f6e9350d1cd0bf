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
}

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
 * `sandbox` and project `checks` join these items with the Runnable SQL issue.
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
}

export type ExportedTutorial = Omit<Tutorial, 'courseId'>;
export type ExportedProject = Omit<Project, 'courseId'>;

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
