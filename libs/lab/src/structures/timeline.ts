import type { Operation, Step } from './steps.js';

/** Where a lab stands: every step kept, and the one shown (-1: `start`, the structure before them). */
export interface Timeline<S> {
  start: S;
  steps: Step<S>[];
  position: number;
}

/**
 * Keys a timeline may hold across all its snapshots (each step keeps a whole copy): a 10,000-key
 * structure keeps its last 200 steps, a lesson's small one its whole history.
 */
export const KEPT_KEYS = 2_000_000;

/** Drops the oldest steps beyond what KEPT_KEYS allows for structures of `keys` keys; the first kept step's predecessor becomes the start. */
function trimmed<S>(timeline: Timeline<S>, keys: number): Timeline<S> {
  const room = Math.max(20, Math.floor(KEPT_KEYS / Math.max(1, keys)));
  const drop = timeline.steps.length - room;
  if (drop <= 0) return timeline;
  return { start: timeline.steps[drop - 1]!.state, steps: timeline.steps.slice(drop), position: Math.max(-1, timeline.position - drop) };
}

export function timelineOf<S>(start: S, built: Operation<S>, keys: (state: S) => number): Timeline<S> {
  return trimmed({ start, steps: built.steps, position: built.steps.length - 1 }, keys(built.state));
}

/** The steps after the shown one give way to an operation's steps, and the last of them is shown. */
export function appended<S>(timeline: Timeline<S>, done: Operation<S>, keys: (state: S) => number): Timeline<S> {
  const kept = timeline.steps.slice(0, timeline.position + 1);
  return trimmed({ start: timeline.start, steps: [...kept, ...done.steps], position: kept.length + done.steps.length - 1 }, keys(done.state));
}
