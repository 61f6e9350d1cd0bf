/**
 * The honest length of a course (issues 19 and 33): what a learner spends reading its lessons and
 * projects, solving each graded exercise at its difficulty, and doing the ungraded design tasks of
 * its projects, so the catalogue's "5 hours" is a figure a learner can plan with. How the minutes
 * were set: README "Content authors" and docs/decisions/0029-sql-practice-and-honest-lengths.md.
 */
import type { CheckDifficulty, Difficulty } from '@dblearn/contracts';

/** The parts of a course the rule reads (a shipped course, or any exported one). */
export interface LengthInputs {
  tutorials: { contents: { header: string; detail: string }[] }[];
  projects: { difficulty?: Difficulty; contents: { header: string; detail: string }[]; checks?: { kind?: string; difficulty?: CheckDifficulty }[] }[];
}

/** Technical prose with examples to run: slower than a novel's 200–250 words a minute. */
const WORDS_PER_MINUTE = 100;

/**
 * Minutes per graded exercise by kind and difficulty: a first attempt, reading the feedback, one or
 * two more tries (a hard exercise often needs a hint). Quizzes are shorter, but a hard one is a
 * computation on paper (a cost formula, a recovery trace).
 */
export const EXERCISE_MINUTES: Record<'written' | 'quiz', Record<CheckDifficulty, number>> = {
  written: { easy: 4, medium: 8, hard: 15 },
  quiz: { easy: 2, medium: 4, hard: 8 },
};

/** A check without its own difficulty takes its project's: beginner → easy, intermediate → medium, professional → hard. */
const PROJECT_TO_CHECK: Record<Difficulty, CheckDifficulty> = { beginner: 'easy', intermediate: 'medium', professional: 'hard' };

/** An ungraded design task in a project (a block whose header starts "Design task"): minutes by the project's difficulty. */
export const DESIGN_TASK_MINUTES: Record<Difficulty, number> = { beginner: 15, intermediate: 30, professional: 45 };
const DESIGN_TASK = /^design task\b/i;

const wordsIn = (text: string) => text.split(/\s+/).filter(Boolean).length;

/** Reading at 100 words a minute, each exercise at its difficulty, each design task at its project's. */
export function honestMinutes(course: LengthInputs): number {
  const items = [...course.tutorials, ...course.projects];
  const words = items.reduce((sum, item) => sum + item.contents.reduce((inItem, block) => inItem + wordsIn(block.header) + wordsIn(block.detail), 0), 0);
  let work = 0;
  for (const project of course.projects) {
    const level = project.difficulty ?? 'intermediate';
    for (const check of project.checks ?? []) {
      const difficulty = check.difficulty ?? PROJECT_TO_CHECK[level];
      work += EXERCISE_MINUTES[check.kind === 'quiz' ? 'quiz' : 'written'][difficulty];
    }
    work += project.contents.filter((block) => DESIGN_TASK.test(block.header.trim())).length * DESIGN_TASK_MINUTES[level];
  }
  return Math.ceil(words / WORDS_PER_MINUTE) + work;
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
