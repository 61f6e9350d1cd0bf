import { UserFacingError } from '../errors.js';

/** Jobs that must wait for something (the build) while the others may already run. */
export interface PoolGate<T> {
  /** True for a job that may only start once `opened` has settled. */
  waits: (item: T) => boolean;
  /** Settles (resolved or rejected alike) when those jobs may start. */
  opened: Promise<unknown>;
}

/**
 * Runs jobs at most `limit` at a time, in the order given (put the longest first so they do not
 * end up last, alone, on an otherwise idle machine). Resolves to each job's result in input order.
 * `stop()` returning true keeps jobs that have not started from starting (they resolve to undefined).
 * With a `gate`, a free lane takes the first job in order that may start: while the gate is shut it
 * skips the jobs that wait for it, and when only those are left it waits for the gate.
 */
export async function runBounded<T, R>(
  items: readonly T[],
  limit: number,
  job: (item: T) => Promise<R>,
  stop: () => boolean = () => false,
  gate?: PoolGate<T>,
  /** Called once, as soon as every job has started (or `stop()` kept the rest from starting). */
  allStarted: () => void = () => {},
): Promise<Array<R | undefined>> {
  const results: Array<R | undefined> = new Array<R | undefined>(items.length).fill(undefined);
  const taken: boolean[] = new Array<boolean>(items.length).fill(false);
  let open = !gate;
  const opened = gate?.opened.then(
    () => {
      open = true;
    },
    () => {
      open = true;
    },
  );
  const nextIndex = (): number => taken.findIndex((isTaken, index) => !isTaken && (open || !gate!.waits(items[index] as T)));
  let announced = false;
  const announceIfAllStarted = () => {
    if (!announced && (!taken.includes(false) || stop())) {
      announced = true;
      allStarted();
    }
  };
  const lane = async (): Promise<void> => {
    while (taken.includes(false) && !stop()) {
      const index = nextIndex();
      if (index < 0) {
        // Only jobs behind the shut gate are left.
        await opened;
        continue;
      }
      taken[index] = true;
      const running = job(items[index] as T);
      announceIfAllStarted();
      results[index] = await running;
    }
    announceIfAllStarted();
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane));
  return results;
}

/**
 * How many suites run at once: TEST_JOBS when set, else 3 (1 on a one-core box). Three on two cores:
 * suites spend a fifth of their time waiting (timeouts, outages, child processes starting), and with
 * two lanes a fresh clone's `.ci/run` kept 1.65 of 2 cores busy; with three, 1.93, and the run took
 * 428 s instead of 462 s for the same CPU (decision 0020).
 */
export function testConcurrency(env: NodeJS.ProcessEnv, cores: number): number {
  const raw = env.TEST_JOBS?.trim();
  if (raw) {
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 1) throw new UserFacingError(`TEST_JOBS must be a whole number of 1 or more, not "${raw}".`);
    return value;
  }
  return cores < 2 ? 1 : 3;
}

/**
 * Longest first: the time a suite took last time when known, else `guess` (a fresh clone has no
 * history). Stable for equal weights, so the order stays predictable.
 */
export function heaviestFirst<T extends { folder: string }>(items: readonly T[], lastDurations: Readonly<Record<string, number>>, guess: (item: T) => number): T[] {
  return items
    .map((item, index) => ({ item, index, weight: lastDurations[item.folder] ?? guess(item) }))
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map(({ item }) => item);
}

/**
 * A suite's default bound. svc-content's is the slowest: it grades the whole red-team corpus on
 * SQLite and on PostgreSQL (issue 32), ~12 min on a quiet two-core box and over 20 beside two CPU
 * hogs; CI allows 90 for everything, so a hung suite still leaves room to finish.
 */
const DEFAULT_SUITE_TIMEOUT_MINUTES = 40;

/**
 * How long one suite (a workspace's jest, the static checks, the browser suite) may run before it is
 * killed with everything it started and reported as timed out: TEST_SUITE_TIMEOUT_MINUTES when set
 * (fractions allowed), else 40 minutes. One hung test then costs minutes, not the CI's whole limit.
 */
export function suiteTimeoutMs(env: NodeJS.ProcessEnv): number {
  const raw = env.TEST_SUITE_TIMEOUT_MINUTES?.trim();
  if (!raw) return DEFAULT_SUITE_TIMEOUT_MINUTES * 60_000;
  const minutes = Number(raw);
  if (!Number.isFinite(minutes) || minutes <= 0) throw new UserFacingError(`TEST_SUITE_TIMEOUT_MINUTES must be a number of minutes above 0, not "${raw}".`);
  return Math.round(minutes * 60_000);
}
