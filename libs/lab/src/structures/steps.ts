/**
 * What every index-structure model shares: a value-or-message outcome (bad input never throws into
 * React), the key rules, and the log of steps an operation leaves for the view to replay.
 */

/** Above this many keys a build keeps no per-step snapshots: the view shows the result, not the film. */
export const ANIMATION_LIMIT = 200;
/** The most keys a block may start from (10,000 stays responsive without animation). */
export const MAX_START_KEYS = 10_000;
/** Keys are whole numbers in [0, MAX_KEY]: hashing reads their low bits, so no negatives. */
export const MAX_KEY = 999_999;

export type Outcome<T> = { ok: true; value: T } | { ok: false; message: string };

export const success = <T>(value: T): Outcome<T> => ({ ok: true, value });
export const failure = <T>(message: string): Outcome<T> => ({ ok: false, message });

/** One step of an operation: what happened, in one plain sentence, and the structure right after it. */
export interface Step<S> {
  /** A short name of the kind of step ("split-leaf", "double", …), for styling and tests. */
  action: string;
  text: string;
  state: S;
  /** Ids of the nodes or buckets the step is about (highlighted in the view). */
  focus: readonly number[];
}

/** The result of one operation: the structure after it and the steps that led there. */
export interface Operation<S> {
  state: S;
  steps: Step<S>[];
}

/**
 * Collects steps while an operation mutates its private copy of a structure. With `record` off
 * (big builds), only the count of steps is kept: no snapshot is taken.
 */
export class StepLog<S> {
  readonly steps: Step<S>[] = [];
  constructor(
    private readonly record: boolean,
    private readonly snapshot: () => S,
  ) {}

  add(action: string, text: string, focus: readonly number[] = []): void {
    if (this.record) this.steps.push({ action, text, state: this.snapshot(), focus });
  }
}

/** Runs an operation on a private copy of a structure, logging steps with snapshots of that copy. */
export function onCopy<S>(state: S, copy: (state: S) => S, record: boolean, work: (next: S, log: StepLog<S>) => void): Operation<S> {
  const next = copy(state);
  const log = new StepLog<S>(record, () => copy(next));
  work(next, log);
  return { state: next, steps: log.steps };
}

/** Reads one key typed by a learner or written in a block. */
export function parseKey(text: string): Outcome<number> {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return failure(`"${trimmed.slice(0, 20)}" is not a key: use whole numbers from 0 to ${MAX_KEY.toLocaleString('en-US')}.`);
  const key = Number(trimmed);
  if (key > MAX_KEY) return failure(`${trimmed.slice(0, 20)} is too large: keys go from 0 to ${MAX_KEY.toLocaleString('en-US')}.`);
  return success(key);
}

/** Checks a whole-number setting (an order, a capacity) against its range. */
export function checkSetting(name: string, value: number, min: number, max: number): Outcome<number> {
  if (!Number.isInteger(value) || value < min || value > max) return failure(`The ${name} must be a whole number from ${min} to ${max}.`);
  return success(value);
}

/** "[5 13]": a node's or bucket's keys as the step sentences and tests write them. */
export const keyList = (keys: readonly number[]): string => `[${keys.join(' ')}]`;

/**
 * Builds a structure by inserting keys in turn into one private copy (no copy per key, so 10,000 keys
 * take milliseconds), keeping step snapshots only up to ANIMATION_LIMIT keys.
 */
export function buildFrom<S>(start: S, keys: readonly number[], model: { copy: (state: S) => S; insertInPlace: (state: S, key: number, log: StepLog<S>) => void }, skipped: (state: S) => Step<S>): Operation<S> {
  const record = keys.length <= ANIMATION_LIMIT;
  const state = model.copy(start);
  const log = new StepLog<S>(record, () => model.copy(state));
  for (const key of keys) model.insertInPlace(state, key, log);
  return { state, steps: record ? log.steps : [skipped(state)] };
}
