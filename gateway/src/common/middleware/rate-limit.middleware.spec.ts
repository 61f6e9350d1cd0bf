import { describe, expect, it } from '@jest/globals';
import { accountOf } from '../../auth/login-limits.middleware.js';
import { perWindow, secondsText } from '../limits/windows.js';
import { clientKey } from './rate-limit.middleware.js';

describe('clientKey', () => {
  it('keys an IPv4 address as itself, and an IPv6 /56 as one client', () => {
    expect(clientKey({ ip: '10.0.0.7' })).toBe('10.0.0.7');
    expect(clientKey({ ip: '2001:db8:1:1::1' })).toBe(clientKey({ ip: '2001:db8:1:1::ffff' }));
    expect(clientKey({ ip: undefined })).toBe('unknown');
  });
});

describe('accountOf (the login limits’ account)', () => {
  it('normalizes the e-mail, so letter case cannot dodge a limit', () => {
    expect(accountOf({ body: { email: ' Ada@Example.COM ' } })).toBe('ada@example.com');
    expect(accountOf({ body: { email: 'ada@example.com' } })).toBe(accountOf({ body: { email: 'ADA@example.com' } }));
  });

  it('keys a body without a usable e-mail as no account', () => {
    expect(accountOf({ body: { email: { $gt: '' } } })).toBe('');
    expect(accountOf({ body: undefined })).toBe('');
  });
});

describe('perWindow and secondsText', () => {
  it('say a limit and its window in words', () => {
    expect(perWindow(10, 60_000)).toBe('10 a minute');
    expect(perWindow(20, 900_000)).toBe('20 in 15 minutes');
    expect(perWindow(3, 3_600_000)).toBe('3 an hour');
    expect(perWindow(5, 30_000)).toBe('5 in 30 seconds');
    expect(secondsText(1)).toBe('1 second');
    expect(secondsText(42)).toBe('42 seconds');
  });
});
