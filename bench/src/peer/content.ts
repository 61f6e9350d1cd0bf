import { createHash } from 'node:crypto';
import { DEFAULT_INTERVIEW_DIFFICULTY, DIFFICULTIES, LIMITS, TOPICS, type ContentBlock, type ExportedCourse, type InterviewQuestion, type Range } from '@dblearn/contracts';

/** The dump's documents as mongodump wrote them (ObjectIds, mongoose's `__v`, SQL4U's own fields). */
export type DumpDocument = Record<string, unknown>;

export interface PeerDump {
  courses: readonly DumpDocument[];
  tutorials: readonly DumpDocument[];
  projects: readonly DumpDocument[];
  interviews: readonly DumpDocument[];
}

/** What POST /api/content/import gets, and what of SQL4U's content DBLearn's rules leave out. */
export interface PeerImport {
  document: { courses: ExportedCourse[]; interviewQuestions: InterviewQuestion[] };
  /** One line per block or question left out, saying which rule it breaks. */
  leftOut: string[];
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const idOf = (value: unknown): string => String((value as { _id?: unknown } | null)?._id ?? value);
const fits = (value: string, range: Range): boolean => value.length >= range.min && value.length <= range.max;
const within = (value: string, range: Range): string => value.slice(0, range.max);

/**
 * SQL4U lists one project in several courses; in DBLearn a project belongs to one course. The first
 * course keeps the project's own id, each later one gets a copy under an id made from both, the same
 * on every run, so importing again updates the copies instead of adding more.
 */
export function copyId(courseId: string, itemId: string): string {
  return itemId.slice(0, 8) + createHash('sha256').update(`${courseId}:${itemId}`).digest('hex').slice(0, 16);
}

function blocks(owner: string, raw: unknown, limits: { header: Range; detail: Range }, leftOut: string[]): ContentBlock[] {
  const kept: ContentBlock[] = [];
  for (const block of Array.isArray(raw) ? (raw as DumpDocument[]) : []) {
    const header = text(block.header);
    const detail = text(block.detail);
    if (fits(header, limits.header) && fits(detail, limits.detail)) kept.push({ _id: idOf(block), header, detail });
    else leftOut.push(`${owner}: block "${header.slice(0, 40)}" (header ${header.length}, detail ${detail.length} characters; DBLearn takes ${limits.header.min}–${limits.header.max} and ${limits.detail.min}–${limits.detail.max})`);
  }
  return kept;
}

/** SQL4U's "easy" is DBLearn's beginner; the other three levels have the same names. */
function difficultyOf(raw: unknown): (typeof DIFFICULTIES)[number] {
  return DIFFICULTIES.find((level) => level === raw) ?? 'beginner';
}

/**
 * The import document for SQL4U's content, every `_id` kept (an import upserts by `_id`, so a
 * second run changes nothing): its courses with the tutorials and projects they list, and its
 * interview questions. Where SQL4U holds what DBLearn's rules refuse, the block is left out and
 * named, rather than the whole course refused; a course name longer than DBLearn's is cut.
 */
export function peerImport(dump: PeerDump): PeerImport {
  const leftOut: string[] = [];
  const tutorials = new Map(dump.tutorials.map((tutorial) => [idOf(tutorial), tutorial]));
  const projects = new Map(dump.projects.map((project) => [idOf(project), project]));
  const placed = new Set<string>();
  const placeOnce = (courseId: string, itemId: string): string => {
    if (!placed.has(itemId)) {
      placed.add(itemId);
      return itemId;
    }
    return copyId(courseId, itemId);
  };
  const courses = dump.courses.map((course): ExportedCourse => {
    const courseId = idOf(course);
    const listed = (field: 'tutorials' | 'projects') => (Array.isArray(course[field]) ? (course[field] as unknown[]).map(idOf) : []);
    return {
      _id: courseId,
      topic: TOPICS.find((topic) => topic === course.topic) ?? 'beginner',
      name: within(text(course.name), LIMITS.course.name),
      teacher: within(text(course.teacher), LIMITS.course.teacher),
      length: within(text(course.length), LIMITS.course.length),
      tutorials: listed('tutorials').flatMap((id) => {
        const tutorial = tutorials.get(id);
        if (!tutorial) return [];
        const title = within(text(tutorial.title), LIMITS.tutorial.title);
        const itemId = placeOnce(courseId, id);
        return [{ _id: itemId, title, contents: blocks(`tutorial "${title}"`, tutorial.contents, LIMITS.tutorial, itemId === id ? leftOut : []) }];
      }),
      projects: listed('projects').flatMap((id) => {
        const project = projects.get(id);
        if (!project) return [];
        const title = within(text(project.title), LIMITS.project.title);
        const itemId = placeOnce(courseId, id);
        // A copy leaves out what its original did: named once.
        const contents = blocks(`project "${title}"`, project.contents, LIMITS.project, itemId === id ? leftOut : []);
        return [{ _id: itemId, title, difficulty: difficultyOf(project.difficulty), contents }];
      }),
    };
  });
  const interviewQuestions = dump.interviews.flatMap((question): InterviewQuestion[] => {
    const topic = TOPICS.find((candidate) => candidate === question.topic);
    const [asked, answer] = [text(question.question), text(question.answer)];
    if (topic && fits(asked, LIMITS.interview.question) && fits(answer, LIMITS.interview.answer)) return [{ _id: idOf(question), topic, question: asked, answer, difficulty: DEFAULT_INTERVIEW_DIFFICULTY }];
    leftOut.push(`interview question "${asked.slice(0, 40)}": topic or length outside DBLearn's rules`);
    return [];
  });
  return { document: { courses, interviewQuestions }, leftOut };
}
