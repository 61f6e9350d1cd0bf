import { AUTH_HEADER, type TokenClaims } from '@dblearn/contracts';
import { describe, expect, it } from '@jest/globals';
import { type ExecutionContext, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host.js';
import { JwtService } from '@nestjs/jwt';
import { AdminRoster } from './admin-roster.js';
import type { MaybeAuthenticatedRequest } from '../common/authenticated-request.js';
import { JwtAuthGuard } from './jwt-auth.guard.js';
import { Public } from './public.decorator.js';
import { TokenService } from './token.service.js';

const SECRET = 'jwt-guard-spec-secret-0123456789abcdef';
const jwt = new JwtService({ secret: SECRET, signOptions: { algorithm: 'HS256', expiresIn: '1h' }, verifyOptions: { algorithms: ['HS256'] } });
const roster = new AdminRoster();
const guard = new JwtAuthGuard(new Reflector(), new TokenService(jwt), roster);
const claims: TokenClaims = { _id: '665f1c2a9b1e8a3d4c5b6a79', email: 'ada@example.com', skill: 'beginner', isAdmin: false };

class Handlers {
  signedIn(): void {}

  @Public()
  open(): void {}
}

function contextFor(handler: keyof Handlers, headers: Record<string, string> = {}): { context: ExecutionContext; request: MaybeAuthenticatedRequest } {
  const request = { headers } as unknown as MaybeAuthenticatedRequest;
  const context = new ExecutionContextHost([request, {}, () => undefined], Handlers, Handlers.prototype[handler]);
  return { context, request };
}

function refusal(headers: Record<string, string>): string {
  try {
    guard.canActivate(contextFor('signedIn', headers).context);
  } catch (error) {
    if (error instanceof UnauthorizedException) return error.message;
    throw error;
  }
  throw new Error('expected a 401');
}

describe('JwtAuthGuard', () => {
  it('lets a valid token through and puts exactly its claims on the request', () => {
    const { context, request } = contextFor('signedIn', { [AUTH_HEADER]: jwt.sign({ ...claims, extra: 'ignored' }) });
    expect(guard.canActivate(context)).toBe(true);
    expect(request.user).toEqual(claims);
  });

  it('refuses the token of a removed account at once, even while the roster is unsure (issue 30, Low 7)', () => {
    const token = jwt.sign({ ...claims, _id: '665f1c2a9b1e8a3d4c5b6a7f' });
    expect(guard.canActivate(contextFor('signedIn', { [AUTH_HEADER]: token }).context)).toBe(true);
    roster.remove('665f1c2a9b1e8a3d4c5b6a7f');
    expect(refusal({ [AUTH_HEADER]: token })).toBe('Your account no longer exists. Sign in again.');
    expect(guard.canActivate(contextFor('signedIn', { [AUTH_HEADER]: jwt.sign(claims) }).context)).toBe(true);
  });

  it('keeps the display name a token carries (svc-community\'s first guess for a new author)', () => {
    const { context, request } = contextFor('signedIn', { [AUTH_HEADER]: jwt.sign({ ...claims, name: 'Ada L' }) });
    expect(guard.canActivate(context)).toBe(true);
    expect(request.user).toEqual({ ...claims, name: 'Ada L' });
  });

  it('lets anyone call a @Public() handler', () => {
    expect(guard.canActivate(contextFor('open').context)).toBe(true);
  });

  it('asks a caller without a token to sign in', () => {
    expect(refusal({})).toBe('Sign in to continue.');
    expect(refusal({ [AUTH_HEADER]: '' })).toBe('Sign in to continue.');
  });

  it.each([
    ['a malformed token', 'abc.def'],
    ['an expired token', jwt.sign({ ...claims, iat: Math.floor(Date.now() / 1000) - 7200 }, { expiresIn: 3600 })],
    ['a token signed with another secret', jwt.sign(claims, { secret: 'some-other-secret-0123456789abcdef' })],
    ['a token signed with another algorithm', jwt.sign(claims, { algorithm: 'HS512' })],
    ['a token with a tampered payload', tamper(jwt.sign(claims))],
    ['a token with claims of the wrong type', jwt.sign({ ...claims, isAdmin: 'yes' })],
    ['a token with an unknown skill', jwt.sign({ ...claims, skill: 'wizard' })],
    ['a token without an expiry', new JwtService({ secret: SECRET, signOptions: { algorithm: 'HS256' } }).sign(claims)],
  ])('refuses %s', (_case, token) => {
    expect(refusal({ [AUTH_HEADER]: token })).toBe('Your session is not valid or has expired. Sign in again.');
  });
});

/** Makes the token claim admin rights without re-signing it. */
function tamper(token: string): string {
  const [header, , signature] = token.split('.');
  const payload = Buffer.from(JSON.stringify({ ...claims, isAdmin: true })).toString('base64url');
  return `${header}.${payload}.${signature}`;
}
