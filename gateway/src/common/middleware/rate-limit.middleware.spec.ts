import { describe, expect, it } from '@jest/globals';
import { loginKey, tooManyAttemptsMessage } from './rate-limit.middleware.js';

describe('loginKey', () => {
  it('keys a login on the client address and the e-mail in any letter case', () => {
    expect(loginKey({ ip: '10.0.0.7', body: { email: ' Ada@Example.COM ' } })).toBe('10.0.0.7|ada@example.com');
    expect(loginKey({ ip: '10.0.0.7', body: { email: 'ada@example.com' } })).toBe(loginKey({ ip: '10.0.0.7', body: { email: 'ADA@example.com' } }));
  });

  it('keeps different accounts on one address apart, and one account on different addresses apart', () => {
    const ada = loginKey({ ip: '10.0.0.7', body: { email: 'ada@example.com' } });
    expect(ada).not.toBe(loginKey({ ip: '10.0.0.7', body: { email: 'bob@example.com' } }));
    expect(ada).not.toBe(loginKey({ ip: '10.0.0.8', body: { email: 'ada@example.com' } }));
  });

  it('groups an IPv6 client by its network, so rotating addresses does not escape the limit', () => {
    expect(loginKey({ ip: '2001:db8:1:1::1', body: { email: 'ada@example.com' } })).toBe(
      loginKey({ ip: '2001:db8:1:1::ffff', body: { email: 'ada@example.com' } }),
    );
  });

  it('still counts a body without a usable e-mail, per address', () => {
    expect(loginKey({ ip: '10.0.0.7', body: { email: { $gt: '' } } })).toBe('10.0.0.7|');
    expect(loginKey({ ip: '10.0.0.7', body: undefined })).toBe('10.0.0.7|');
  });
});

describe('tooManyAttemptsMessage', () => {
  it('says how long to wait, in whole seconds', () => {
    expect(tooManyAttemptsMessage(41.2)).toBe('Too many attempts. Try again in 42 seconds.');
    expect(tooManyAttemptsMessage(0.3)).toBe('Too many attempts. Try again in 1 second.');
  });
});
