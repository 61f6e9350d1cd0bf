import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { JwtService } from '@nestjs/jwt';
import { TokenService } from './token.service.js';

const user = { _id: '6955b90a169728137d11b6e1', email: 'ada@dblearn.test', skill: 'beginner' as const, isAdmin: false, displayName: 'ada' };

describe('TokenService', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it('answers a token it checked before with the same claims, and refuses it once it expires', () => {
    jest.useFakeTimers({ now: new Date('2026-11-29T10:00:00Z') });
    const tokens = new TokenService(new JwtService({ secret: 'a-secret-of-enough-length-for-tests', signOptions: { expiresIn: 60 } }));
    const token = tokens.sign(user);
    const first = tokens.verify(token);
    expect(first).toEqual({ _id: user._id, email: user.email, skill: 'beginner', isAdmin: false, name: 'ada' });
    expect(tokens.verify(token)).toBe(first);
    jest.setSystemTime(new Date('2026-11-29T10:01:00Z'));
    expect(tokens.verify(token)).toBeNull();
    expect(tokens.verify(token)).toBeNull();
  });

  it('never takes a changed token for a kept one', () => {
    const tokens = new TokenService(new JwtService({ secret: 'a-secret-of-enough-length-for-tests', signOptions: { expiresIn: 60 } }));
    const token = tokens.sign(user);
    expect(tokens.verify(token)).not.toBeNull();
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const admin = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), isAdmin: true })).toString('base64url');
    expect(tokens.verify(`${header}.${admin}.${signature}`)).toBeNull();
    expect(new TokenService(new JwtService({ secret: 'another-secret-of-enough-length' })).verify(token)).toBeNull();
  });
});
