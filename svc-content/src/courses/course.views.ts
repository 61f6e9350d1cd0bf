import type { Course } from '@dblearn/contracts';
import { idOf } from '../common/views.js';
import type { CourseRecord } from './course.schema.js';

/** The fields a course answer is made of (lean reads ask for exactly these). */
export const COURSE_FIELDS = { topic: 1, name: 1, teacher: 1, length: 1, tutorials: 1, projects: 1, createdAt: 1 } as const;

export function toCourse(record: CourseRecord): Course {
  return {
    _id: idOf(record._id),
    topic: record.topic,
    name: record.name,
    teacher: record.teacher,
    length: record.length,
    tutorials: (record.tutorials ?? []).map(({ _id, title }) => ({ _id: idOf(_id), title })),
    projects: (record.projects ?? []).map(({ _id, title, difficulty }) => ({ _id: idOf(_id), title, difficulty })),
  };
}
