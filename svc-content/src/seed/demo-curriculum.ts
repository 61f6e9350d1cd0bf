import { createHash } from 'node:crypto';
import type { ExportedCourse } from '@dblearn/contracts';
import { BASICS_COURSES } from './courses/basics.js';
import { FILE_COURSES } from './courses/files.js';
import { NOSQL_COURSES } from './courses/nosql.js';
import { RELATIONAL_COURSES } from './courses/relational.js';
import { SQL_COURSES } from './courses/sql.js';
import type { BlockSeed, CourseSeed } from './curriculum.types.js';
import { COURSE_LABS } from './runnable/course-labs.js';

/** The demo courses in list order (oldest first): Basic Concepts, Relational Model, File Organization, NoSQL, SQL. */
export const DEMO_COURSES: readonly CourseSeed[] = [...BASICS_COURSES, ...RELATIONAL_COURSES, ...FILE_COURSES, ...NOSQL_COURSES, ...SQL_COURSES];

/** 2026-01-01T00:00:00Z: the time inside every demo id, one second apart, so the order is fixed. */
const DEMO_EPOCH_SECONDS = 1_767_225_600;

/**
 * A stable ObjectId for a demo item: its time part orders the items, the rest comes from its name.
 * Two instances seeding an empty database at once write the same ids, so the second changes nothing.
 */
export function demoId(order: number, name: string): string {
  const time = (DEMO_EPOCH_SECONDS + order).toString(16).padStart(8, '0');
  return time + createHash('sha256').update(`dblearn-demo:${name}`).digest('hex').slice(0, 16);
}

const blocks = (prefix: string, seeds: BlockSeed[]) => seeds.map((block, index) => ({ _id: demoId(0, `${prefix}:block:${index}`), ...block }));

/** The curriculum in the import format (CONTRACT "Content export and import"), with stable ids. */
export function demoCourses(): ExportedCourse[] {
  return DEMO_COURSES.map((course, index) => {
    const lab = COURSE_LABS[course.slug];
    return {
      _id: demoId(index, `course:${course.slug}`),
      topic: course.topic,
      name: course.name,
      teacher: course.teacher,
      length: course.length,
      tutorials: course.tutorials.map((tutorial, t) => {
        const name = `course:${course.slug}:tutorial:${t}`;
        const example = lab?.examples?.[t];
        return { _id: demoId(index, name), title: tutorial.title, contents: blocks(name, example ? [...tutorial.blocks, example] : tutorial.blocks) };
      }),
      projects: course.projects.map((project, p) => {
        const name = `course:${course.slug}:project:${p}`;
        const checks = (lab?.checks?.[p] ?? []).map((check, c) => ({ _id: demoId(index, `${name}:check:${c}`), kind: 'query' as const, hints: [], explanation: '', ...check }));
        return { _id: demoId(index, name), title: project.title, difficulty: project.difficulty, contents: blocks(name, project.blocks), checks };
      }),
      // Derived hidden variants: the export says so with hiddenSource null.
      sandbox: lab?.sandbox ? { ...lab.sandbox, hiddenSource: null } : null,
    };
  });
}
