import { describe, expect, it } from '@jest/globals';
import { attemptsInFlightMessage, UserRateCounter } from './user-limits.js';

describe('UserRateCounter', () => {
  it('allows `limit` calls per user per window, then says how long to wait', () => {
    const counter = new UserRateCounter({ limit: 3, windowMs: 60_000 });
    const start = 1_000_000;
    expect([counter.take('ada', start), counter.take('ada', start + 1), counter.take('ada', start + 2)]).toEqual([0, 0, 0]);
    expect(counter.take('ada', start + 10_000)).toBe(50_000);
    // Another user counts alone.
    expect(counter.take('bob', start + 10_000)).toBe(0);
    // A new window starts when the old one ends.
    expect(counter.take('ada', start + 60_000)).toBe(0);
  });

  it('forgets windows that have ended', () => {
    const counter = new UserRateCounter({ limit: 1, windowMs: 1_000 });
    for (let i = 0; i < 1_000; i += 1) counter.take(`user${i}`, 0);
    counter.take('late', 5_000);
    expect((counter as unknown as { windows: Map<string, unknown> }).windows.size).toBe(1);
  });
});

describe('attemptsInFlightMessage', () => {
  it('names the limit in a sentence', () => {
    expect(attemptsInFlightMessage(2)).toBe('You already have 2 attempts running. Wait for one to finish.');
    expect(attemptsInFlightMessage(1)).toBe('You already have 1 attempt running. Wait for it to finish.');
  });
});
