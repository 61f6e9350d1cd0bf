/**
 * The honest length of a course (issue 19): what a learner spends reading its lessons and projects
 * and solving its checks, so the catalogue's "4 hours" is not a guess.
 */

/** The parts of a course the rule reads (a shipped course, or any exported one). */
export interface LengthInputs {
  tutorials: { contents: { header: string; detail: string }[] }[];
  projects: { contents: { header: string; detail: string }[]; checks?: { kind?: string }[] }[];
}

const WORDS_PER_MINUTE = 100;
/** Minutes for a check that is written and run (query, state, mongo), and for a quiz. */
const MINUTES_PER_WRITTEN_CHECK = 6;
const MINUTES_PER_QUIZ = 2;

const wordsIn = (text: string) => text.split(/\s+/).filter(Boolean).length;

/** ceil(words of its tutorials and projects / 100) + 6 per query, state or mongo check + 2 per quiz. */
export function honestMinutes(course: LengthInputs): number {
  const items = [...course.tutorials, ...course.projects];
  const words = items.reduce((sum, item) => sum + item.contents.reduce((inItem, block) => inItem + wordsIn(block.header) + wordsIn(block.detail), 0), 0);
  const checks = course.projects.flatMap((project) => project.checks ?? []);
  const quizzes = checks.filter((check) => check.kind === 'quiz').length;
  return Math.ceil(words / WORDS_PER_MINUTE) + MINUTES_PER_WRITTEN_CHECK * (checks.length - quizzes) + MINUTES_PER_QUIZ * quizzes;
}

/** `N minutes` below 90, else hours to the nearest half hour (`1.5 hours`, `2 hours`). */
export function honestLength(minutes: number): string {
  if (minutes < 90) return `${minutes} minutes`;
  const hours = Math.round(minutes / 30) / 2;
  return `${hours} hours`;
}

/** A course's stated length in minutes ("45 minutes", "1 hour", "2.5 hours"), or null when it reads otherwise. */
export function statedMinutes(length: string): number | null {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(minutes?|hours?)\s*$/i.exec(length);
  if (!match) return null;
  const amount = Number(match[1]);
  return /^hour/i.test(match[2]!) ? amount * 60 : amount;
}
