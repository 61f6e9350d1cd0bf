import type { CheckAttemptedEvent } from '@dblearn/contracts/dto';
import { countWrongAnswer, topWrongAnswers, type WrongAnswerCandidate } from './wrong-answers.js';

/** Counted failures the attempts report (each unlocks a hint; the third unlocks the solution): past it none is reported. */
const REPORTED_FAILURES = 3;

/**
 * What the analysis keeps of one check (decision 0035): counters and the bounded wrong-answer
 * candidates, never an attempt. Every figure is read off the events' own semantics: a learner's
 * first counted event has failuresBefore 0 (a fail, or a pass at the first try), each of their
 * first three failures reports failuresBefore 0, 1, 2, and their pass reports how many came before.
 */
export interface CheckStats {
  projectId: string;
  /** Learners whose first counted attempt arrived. */
  tried: number;
  passed: number;
  /** Passes at the 1st, 2nd, 3rd attempt, and the 4th or later. */
  attemptsToPass: number[];
  /** Learners whose counted failures reached 1, 2, 3. */
  failuresReached: number[];
  solutionsRevealed: number;
  /** Counted failures per CHECK_FAILURE_KINDS kind. */
  failureKinds: Record<string, number>;
  candidates: WrongAnswerCandidate[];
}

export function emptyStats(projectId: string): CheckStats {
  return { projectId, tried: 0, passed: 0, attemptsToPass: [0, 0, 0, 0], failuresReached: [0, 0, 0], solutionsRevealed: 0, failureKinds: {}, candidates: [] };
}

/** The stats after one counted attempt; `normalized` is the answer as counted (failures only). */
export function withAttempt(stats: CheckStats, event: Pick<CheckAttemptedEvent, 'passed' | 'failuresBefore' | 'failureKind' | 'userId'>, normalized: string): CheckStats {
  const next: CheckStats = { ...stats, attemptsToPass: [...stats.attemptsToPass], failuresReached: [...stats.failuresReached], failureKinds: { ...stats.failureKinds } };
  const before = Math.min(Math.max(event.failuresBefore, 0), REPORTED_FAILURES);
  if (before === 0) next.tried += 1;
  if (event.passed) {
    next.passed += 1;
    next.attemptsToPass[before] = (next.attemptsToPass[before] ?? 0) + 1;
    return next;
  }
  if (before < REPORTED_FAILURES) next.failuresReached[before] = (next.failuresReached[before] ?? 0) + 1;
  const kind = event.failureKind ?? 'other';
  next.failureKinds[kind] = (next.failureKinds[kind] ?? 0) + 1;
  if (normalized.length > 0) next.candidates = countWrongAnswer(stats.candidates, normalized, event.userId);
  return next;
}

/** The median of the attempts-to-pass buckets (1–4, 4 meaning four or more); null before a pass. */
export function medianAttempts(attemptsToPass: readonly number[]): number | null {
  const total = attemptsToPass.reduce((sum, count) => sum + count, 0);
  if (total === 0) return null;
  // The lower median: the attempt count of the ceil(total/2)-th learner in attempt order.
  const middle = Math.ceil(total / 2);
  let seen = 0;
  for (let bucket = 0; bucket < attemptsToPass.length; bucket += 1) {
    seen += attemptsToPass[bucket] ?? 0;
    if (seen >= middle) return bucket + 1;
  }
  return attemptsToPass.length;
}

/** The figures every listing shows, from the stats alone. */
export function figuresOf(stats: CheckStats, hintCount: number) {
  return {
    tried: stats.tried,
    passed: stats.passed,
    passRate: stats.tried > 0 ? Math.min(stats.passed / stats.tried, 1) : null,
    attemptsToPass: stats.attemptsToPass,
    medianAttempts: medianAttempts(stats.attemptsToPass),
    // A hint unlocks per counted failure, up to the hints the check has.
    hintsUnlocked: stats.failuresReached.slice(0, Math.min(hintCount, REPORTED_FAILURES)),
    solutionsRevealed: stats.solutionsRevealed,
    failures: Object.entries(stats.failureKinds)
      .map(([kind, count]) => ({ kind, count }))
      .sort((a, b) => b.count - a.count || a.kind.localeCompare(b.kind)),
  };
}

/** The most common wrong answer for a list row, cut short. */
export function topWrongAnswer(stats: CheckStats, maxChars = 300) {
  const [top] = topWrongAnswers(stats.candidates, 1);
  return top ? { ...top, answer: top.answer.length > maxChars ? `${top.answer.slice(0, maxChars - 1)}…` : top.answer } : null;
}
