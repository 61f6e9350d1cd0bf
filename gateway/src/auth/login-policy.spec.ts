import { describe, expect, it } from '@jest/globals';
import { LoginPolicy, type LoginPolicyLimits } from './login-policy.js';

const MINUTE = 60_000;
const LIMITS: LoginPolicyLimits = {
  accountRequests: { limit: 20, ttlMs: MINUTE },
  accountFailures: { limit: 10, ttlMs: MINUTE },
  addressRequests: { limit: 300, ttlMs: MINUTE },
  addressFailedAccounts: { limit: 20, ttlMs: 15 * MINUTE },
  addressFailures: { limit: 100 },
};
const SCHOOL = '198.51.100.7';
const ELSEWHERE = '203.0.113.9';
const learner = (i: number) => `learner${i}@school.example`;

/** One login through the policy: admitted then failed or succeeded, or the limit that refused it. */
function login(policy: LoginPolicy, address: string, account: string, outcome: 'ok' | 'wrong', now: number): string {
  const refusal = policy.admit(address, account, now);
  if (refusal) return refusal.limit;
  if (outcome === 'ok') policy.succeeded(address, account, now);
  else policy.failed(address, account, now);
  return outcome;
}

describe('LoginPolicy (issue 30: one address, many fates)', () => {
  it('lets a class of 60 behind one address log in within a minute, a few mistyping first', () => {
    const policy = new LoginPolicy(LIMITS);
    const answers: string[] = [];
    for (let i = 0; i < 60; i += 1) {
      const now = i * 900;
      // One in six mistypes twice before getting it right.
      if (i % 6 === 0) answers.push(login(policy, SCHOOL, learner(i), 'wrong', now), login(policy, SCHOOL, learner(i), 'wrong', now + 100));
      answers.push(login(policy, SCHOOL, learner(i), 'ok', now + 200));
    }
    expect(answers.filter((answer) => answer === 'ok')).toHaveLength(60);
    expect(answers.every((answer) => answer === 'ok' || answer === 'wrong')).toBe(true);
  });

  it('locks out only the account whose password is guessed, on that address', () => {
    const policy = new LoginPolicy(LIMITS);
    for (let i = 0; i < 10; i += 1) expect(login(policy, SCHOOL, learner(1), 'wrong', i)).toBe('wrong');
    const refusal = policy.admit(SCHOOL, learner(1), 20);
    expect(refusal).toMatchObject({ limit: 'account-failures', retryAfterSeconds: 60 });
    expect(refusal?.message).toBe('Too many failed sign-ins for this account (10 a minute). Try again in 60 seconds.');
    // Classmates, and the owner from another address, are not touched.
    expect(login(policy, SCHOOL, learner(2), 'ok', 30)).toBe('ok');
    expect(login(policy, ELSEWHERE, learner(1), 'ok', 30)).toBe('ok');
    // The window ends.
    expect(login(policy, SCHOOL, learner(1), 'ok', MINUTE + 1)).toBe('ok');
  });

  it("never lets one account's flood of correct logins block another account on the same address", () => {
    const policy = new LoginPolicy(LIMITS);
    const flood = Array.from({ length: 1_000 }, (_, i) => login(policy, SCHOOL, learner(1), 'ok', i));
    expect(flood.filter((answer) => answer === 'ok')).toHaveLength(20);
    expect(new Set(flood.slice(20))).toEqual(new Set(['account-requests']));
    // The 980 refused did not count toward the address: everyone else logs in.
    for (let i = 2; i < 62; i += 1) expect(login(policy, SCHOOL, learner(i), 'ok', 2_000 + i)).toBe('ok');
  });

  it('never lets one account flood the address budget however many times it tries', () => {
    const policy = new LoginPolicy({ ...LIMITS, addressRequests: { limit: 25, ttlMs: MINUTE } });
    for (let i = 0; i < 500; i += 1) login(policy, SCHOOL, learner(1), 'ok', i);
    // 20 of the 500 counted; 5 left for the others.
    for (let i = 2; i < 7; i += 1) expect(login(policy, SCHOOL, learner(i), 'ok', 600)).toBe('ok');
    const refusal = policy.admit(SCHOOL, learner(8), 700);
    expect(refusal?.limit).toBe('address-requests');
    expect(refusal?.message).toMatch(/^Too many sign-ins from your network address \(25 a minute\)\. Try again in \d+ seconds?\.$/);
  });

  it('stops spraying one password across many accounts from one address', () => {
    const policy = new LoginPolicy(LIMITS);
    const answers = Array.from({ length: 30 }, (_, i) => login(policy, SCHOOL, `victim${i}@example.org`, 'wrong', i));
    expect(answers.slice(0, 20).every((answer) => answer === 'wrong')).toBe(true);
    expect(new Set(answers.slice(20))).toEqual(new Set(['address-failed-accounts']));
    const refusal = policy.admit(SCHOOL, 'victim99@example.org', 100);
    expect(refusal?.retryAfterSeconds).toBe(15 * 60);
    expect(refusal?.message).toContain('Sign-ins failed for too many accounts from your network address (20 in 15 minutes)');
    // Another address sprays nothing: untouched.
    expect(login(policy, ELSEWHERE, 'victim99@example.org', 'ok', 100)).toBe('ok');
    // The window ends.
    expect(login(policy, SCHOOL, 'victim99@example.org', 'wrong', 15 * MINUTE + 1)).toBe('wrong');
  });

  it('stops spraying over a few accounts by the count of failures', () => {
    const policy = new LoginPolicy({ ...LIMITS, addressFailures: { limit: 30 } });
    const answers: string[] = [];
    for (let round = 0; round < 10; round += 1) for (let i = 0; i < 5; i += 1) answers.push(login(policy, SCHOOL, `victim${i}@example.org`, 'wrong', round * MINUTE + i));
    expect(answers.filter((answer) => answer === 'wrong')).toHaveLength(30);
    expect(answers.at(-1)).toBe('address-failures');
  });

  it('keeps letting in, during a spray from the address, the accounts that signed in from it lately', () => {
    const policy = new LoginPolicy(LIMITS);
    for (let i = 0; i < 10; i += 1) login(policy, SCHOOL, learner(i), 'ok', i);
    for (let i = 0; i < 25; i += 1) login(policy, SCHOOL, `victim${i}@example.org`, 'wrong', 100 + i);
    expect(policy.admit(SCHOOL, 'victim99@example.org', 200)?.limit).toBe('address-failed-accounts');
    expect(policy.admit(SCHOOL, learner(11), 200)?.limit).toBe('address-failed-accounts');
    for (let i = 0; i < 10; i += 1) expect(login(policy, SCHOOL, learner(i), 'ok', 300 + i)).toBe('ok');
    // Still within their own failure budget only.
    for (let i = 0; i < 10; i += 1) login(policy, SCHOOL, learner(0), 'wrong', 400 + i);
    expect(policy.admit(SCHOOL, learner(0), 500)?.limit).toBe('account-failures');
  });

  it('counts neither successes nor refusals toward the address failure budget', () => {
    const policy = new LoginPolicy({ ...LIMITS, addressFailedAccounts: { limit: 3, ttlMs: 15 * MINUTE } });
    for (let i = 0; i < 50; i += 1) expect(login(policy, SCHOOL, learner(i), 'ok', i)).toBe('ok');
    // Two accounts fail; one of them past its own budget: the refused tries add nothing.
    login(policy, SCHOOL, learner(100), 'wrong', 100);
    for (let i = 0; i < 30; i += 1) login(policy, SCHOOL, learner(101), 'wrong', 200 + i);
    expect(login(policy, SCHOOL, learner(102), 'ok', 300)).toBe('ok');
  });

  it('forgets ended windows', () => {
    const policy = new LoginPolicy(LIMITS);
    for (let i = 0; i < 500; i += 1) login(policy, `10.0.${Math.floor(i / 250)}.${i % 250}`, learner(i), i % 2 === 0 ? 'wrong' : 'ok', i);
    policy.admit(SCHOOL, learner(1), 2 * 60 * MINUTE);
    const inside = policy as unknown as { failuresByAddress: Map<string, unknown>; knownByAddress: Map<string, unknown> };
    expect(inside.failuresByAddress.size).toBe(0);
    expect(inside.knownByAddress.size).toBe(0);
  });
});
