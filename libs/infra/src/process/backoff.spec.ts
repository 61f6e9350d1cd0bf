import { describe, expect, it } from '@jest/globals';
import { restartDelay } from './backoff.js';

describe('restartDelay', () => {
  it('doubles from the initial delay and stops at the cap', () => {
    const policy = { initialDelayMs: 500, maxDelayMs: 30_000, stableAfterMs: 60_000 };
    expect([0, 1, 2, 3, 6, 7, 100].map((attempt) => restartDelay(attempt, policy))).toEqual([500, 1000, 2000, 4000, 30_000, 30_000, 30_000]);
  });
});
