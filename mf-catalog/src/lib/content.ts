import type { Difficulty, FinishedProject, Topic, UserProfile } from '@dblearn/contracts';

// CONTRACT "Courses, tutorials, projects": what svc-content answers through the gateway.
// TODO(content-api): these move to @dblearn/contracts (content.ts) when svc-content lands; re-export them here then.

export interface ContentBlock {
  _id: string;
  header: string;
  detail: string;
}

export interface Course {
  _id: string;
  topic: Topic;
  name: string;
  teacher: string;
  length: string;
  tutorials: { _id: string; title: string }[];
  projects: { _id: string; title: string; difficulty: Difficulty }[];
}

export interface Tutorial {
  _id: string;
  title: string;
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

/** One page of a list and the number of matching items (X-Total-Count). */
export interface ListPage<T> {
  items: T[];
  total: number;
}

/** GET /users/me as CONTRACT "Users" has it: progress snapshots included. */
export interface Progress extends UserProfile {
  finishedProject: (FinishedProject & { courseId?: string })[];
  readTutorial?: { _id: string; courseId: string }[];
}
