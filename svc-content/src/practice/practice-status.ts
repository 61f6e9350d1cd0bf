import type { PracticeStatus } from '@dblearn/contracts';

/**
 * A learner's progress on one check as a few bits (practice_learners keeps one number per check):
 * small to store and to read for 250 checks at once.
 */
export const TRIED = 1;
export const PASSED = 2;
/** The solution was revealed before the check was passed (solution-shown). */
export const SHOWN = 4;

export function statusOf(bits: number | undefined): PracticeStatus {
  const value = bits ?? 0;
  if (value & PASSED) return value & SHOWN ? 'solved-with-solution' : 'solved';
  return value & (TRIED | SHOWN) ? 'attempted' : 'new';
}

/** The bits after a counted attempt (check.attempted). */
export function afterAttempt(bits: number | undefined, passed: boolean): number {
  return (bits ?? 0) | TRIED | (passed ? PASSED : 0);
}

/** What a change of a learner's bits adds to the check's counts: one more learner tried, one more passed. */
export function countsAdded(before: number | undefined, after: number): { tried: number; passed: number } {
  const was = before ?? 0;
  return { tried: !(was & TRIED) && after & TRIED ? 1 : 0, passed: !(was & PASSED) && after & PASSED ? 1 : 0 };
}
