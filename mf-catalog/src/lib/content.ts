import type { FinishedProject, UserProfile } from '@dblearn/contracts';

export type { Course, Tutorial, Project, ContentBlock, ListPage } from '@dblearn/contracts';

/**
 * GET /users/me as CONTRACT "Users" has it: the progress snapshots carry the course and the read
 * tutorials. TODO(users-progress): drop this once UserProfile in @dblearn/contracts has them.
 */
export interface Progress extends UserProfile {
  finishedProject: (FinishedProject & { courseId?: string })[];
  readTutorial?: { _id: string; courseId: string }[];
}
