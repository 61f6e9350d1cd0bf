import { describe, expect, it } from '@jest/globals';
import { backoffDelay } from './backoff.js';

describe('backoffDelay', () => {
  it('doubles from half a second', () => {
    expect([1, 2, 3, 4, 5].map((attempt) => backoffDelay(attempt))).toEqual([500, 1000, 2000, 4000, 8000]);
  });

  it('never waits more than 30 s, however long the outage', () => {
    expect(backoffDelay(7)).toBe(30_000);
    expect(backoffDelay(10_000)).toBe(30_000);
  });

  it('follows a custom policy', () => {
    expect(backoffDelay(3, { initialMs: 10, maxMs: 25 })).toBe(25);
    expect(backoffDelay(0, { initialMs: 10, maxMs: 25 })).toBe(10);
  });

  it('gives the launcher the waits it had before restarts 1, 2, 3, 4, 7, 8 and 101 (the former restartDelay)', () => {
    const policy = { initialMs: 500, maxMs: 30_000 };
    expect([1, 2, 3, 4, 7, 8, 101].map((attempt) => backoffDelay(attempt, policy))).toEqual([500, 1000, 2000, 4000, 30_000, 30_000, 30_000]);
  });
});
