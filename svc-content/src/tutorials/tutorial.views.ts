import type { Tutorial } from '@dblearn/contracts';
import { idOf, idOrNull, toBlocks } from '../common/views.js';
import type { TutorialRecord } from '../common/tutorial.schema.js';

export const TUTORIAL_FIELDS = { title: 1, courseId: 1, contents: 1 } as const;

export function toTutorial(record: TutorialRecord): Tutorial {
  return { _id: idOf(record._id), title: record.title, courseId: idOrNull(record.courseId), contents: toBlocks(record.contents) };
}
