import type { Project } from '@dblearn/contracts';
import { idOf, idOrNull, toBlocks } from '../common/views.js';
import type { ProjectRecord } from './project.schema.js';

export const PROJECT_FIELDS = { title: 1, difficulty: 1, courseId: 1, contents: 1, checks: 1 } as const;

export function toProject(record: ProjectRecord): Project {
  return {
    _id: idOf(record._id),
    title: record.title,
    difficulty: record.difficulty,
    courseId: idOrNull(record.courseId),
    contents: toBlocks(record.contents),
    // The reference query stays here (CONTRACT "Runnable SQL").
    checks: (record.checks ?? []).map(({ _id, task }) => ({ _id: idOf(_id), task })),
  };
}
