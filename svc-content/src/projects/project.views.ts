import type { Project } from '@dblearn/contracts';
import { learnerCheckOf, storedCheckOf } from './check-records.js';
import { idOf, idOrNull, toBlocks } from '../common/views.js';
import type { ProjectRecord } from '../common/project.schema.js';

export const PROJECT_FIELDS = { title: 1, difficulty: 1, courseId: 1, contents: 1, checks: 1 } as const;

export function toProject(record: ProjectRecord): Project {
  return {
    _id: idOf(record._id),
    title: record.title,
    difficulty: record.difficulty,
    courseId: idOrNull(record.courseId),
    contents: toBlocks(record.contents),
    // References, probes, hints and quiz answers stay here (CONTRACT "Runnable SQL").
    checks: (record.checks ?? []).map((check) => learnerCheckOf(storedCheckOf(check))),
  };
}
