import type { ImportRejection } from './content.js';

const KINDS = [
  { list: 'tutorials', noun: 'tutorial', rule: 'a tutorial belongs to one course' },
  { list: 'projects', noun: 'project', rule: 'a project belongs to one course' },
] as const;

function listOf(value: unknown, key: string): unknown[] {
  const list = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
  return Array.isArray(list) ? list : [];
}

function idOf(value: unknown): string | undefined {
  const id = typeof value === 'object' && value !== null ? (value as { _id?: unknown })._id : undefined;
  return typeof id === 'string' ? id.toLowerCase() : undefined;
}

/**
 * CONTRACT "Content export and import" (issue 17): the first `_id` a file gives to two tutorials,
 * two projects or two checks, or null. Such a file is refused whole (400), before anything is
 * written: an item under two courses would be listed by both, two checks with one `_id` would share
 * every learner's pass. Reads only the `_id`s (the items' own rules are checked one by one later);
 * `courseOffset` is where `courses` starts in the whole file (the service sees it in slices).
 */
export function importIdConflict(courses: readonly unknown[], courseOffset = 0): ImportRejection | null {
  const seen = new Map<string, string>();
  const claim = (key: string, path: string, message: (first: string) => string): ImportRejection | null => {
    const first = seen.get(key);
    if (first !== undefined) return { path, message: message(first) };
    seen.set(key, path);
    return null;
  };
  const courseIds = new Set<string>();
  for (const [c, course] of courses.entries()) {
    // A course given twice is rejected at its second place, as an item; its lists are not compared.
    const courseId = idOf(course);
    if (courseId !== undefined && courseIds.has(courseId)) continue;
    if (courseId !== undefined) courseIds.add(courseId);
    const coursePath = `courses[${courseOffset + c}]`;
    for (const { list, noun, rule } of KINDS) {
      for (const [i, item] of listOf(course, list).entries()) {
        const id = idOf(item);
        const path = `${coursePath}.${list}[${i}]`;
        const conflict = id && claim(`${list}:${id}`, `${path}._id`, (first) => `This ${noun} is already listed at ${first.replace(/\._id$/, '')}: ${rule}.`);
        if (conflict) return conflict;
        if (list !== 'projects') continue;
        for (const [k, check] of listOf(item, 'checks').entries()) {
          const checkId = idOf(check);
          const checkConflict =
            checkId && claim(`checks:${checkId}`, `${path}.checks[${k}]._id`, (first) => `This check _id is already used at ${first.replace(/\._id$/, '')}: every check needs its own.`);
          if (checkConflict) return checkConflict;
        }
      }
    }
  }
  return null;
}

/** The sentence of a 400 for a conflict: where, then why. */
export function importIdConflictMessage(conflict: ImportRejection): string {
  return `${conflict.path}: ${conflict.message}`;
}
