import { describe, expect, it } from '@jest/globals';
import { loadGatewayConfig } from '../../config/gateway.config.js';
import { addressAttemptsInFlightMessage, attemptsInFlightMessage, UserLimitCounts, UserRateCounter } from './user-limits.js';

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

describe('UserRateCounter.wait and add', () => {
  it('peeks without counting, and counts what was learnt after the fact', () => {
    const counter = new UserRateCounter({ limit: 2, windowMs: 60_000 });
    expect(counter.wait('ada', 0)).toBe(0);
    counter.add('ada', 0);
    counter.add('ada', 1_000);
    expect(counter.wait('ada', 10_000)).toBe(50_000);
    expect(counter.wait('ada', 10_000)).toBe(50_000);
    expect(counter.wait('ada', 60_000)).toBe(0);
  });
});

describe('UserLimitCounts (attempts in flight, issue 30)', () => {
  const counts = () =>
    new UserLimitCounts(loadGatewayConfig({ JWT_SECRET: 'a-secret-for-the-unit-tests-only', ATTEMPTS_IN_FLIGHT_LIMIT: '2', ATTEMPTS_IN_FLIGHT_PER_ADDRESS_LIMIT: '3' }));

  it('caps each learner, then their address whatever the accounts', () => {
    const limits = counts();
    expect(limits.startAttempt('ada', '10.0.0.7')).toBeNull();
    expect(limits.startAttempt('ada', '10.0.0.7')).toBeNull();
    expect(limits.startAttempt('ada', '10.0.0.7')).toBe('user');
    expect(limits.startAttempt('bob', '10.0.0.7')).toBeNull();
    // A fresh account on the same address: the address is full.
    expect(limits.startAttempt('eve', '10.0.0.7')).toBe('address');
    // Another address is not touched.
    expect(limits.startAttempt('carl', '10.0.0.8')).toBeNull();
    limits.endAttempt('bob', '10.0.0.7');
    expect(limits.startAttempt('eve', '10.0.0.7')).toBeNull();
  });

  it('refused attempts take no slot', () => {
    const limits = counts();
    for (const user of ['a', 'b', 'c', 'd', 'e']) limits.startAttempt(user, '10.0.0.9');
    for (const user of ['a', 'b', 'c']) limits.endAttempt(user, '10.0.0.9');
    expect(limits.startAttempt('f', '10.0.0.9')).toBeNull();
    expect(limits.startAttempt('g', '10.0.0.9')).toBeNull();
    expect(limits.startAttempt('h', '10.0.0.9')).toBeNull();
    expect(limits.startAttempt('i', '10.0.0.9')).toBe('address');
  });

  it('names the address limit in a sentence', () => {
    expect(addressAttemptsInFlightMessage(4)).toBe('Your network address already has 4 attempts running, all its accounts together. Wait for one to finish.');
  });
});
