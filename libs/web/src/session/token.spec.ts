import { TOKEN_STORAGE_KEY } from '@dblearn/contracts';
import { LEARNER, unsignedToken } from '../../testing/tokens.js';
import { forgetToken, loadStoredToken, readSession, storeToken } from './token.js';

describe('readSession', () => {
  it('reads the claims and the expiry of a live token', () => {
    const token = unsignedToken({}, 60);
    const session = readSession(token);
    expect(session?.token).toBe(token);
    expect(session?.user).toEqual(LEARNER);
    expect(session?.expiresAt).toBeGreaterThan(Date.now());
  });

  it('keeps only the claims the gateway signs', () => {
    expect(readSession(unsignedToken({ isAdmin: true, extra: 'x' }))?.user).toEqual({ ...LEARNER, isAdmin: true });
  });

  it('refuses an expired token', () => {
    expect(readSession(unsignedToken({}, -1))).toBeNull();
  });

  it('measures expiry against the given clock', () => {
    const token = unsignedToken({}, 60);
    expect(readSession(token, Date.now() + 61_000)).toBeNull();
    expect(readSession(token, Date.now() + 50_000)).not.toBeNull();
  });

  it('accepts a token without exp as not expired', () => {
    expect(readSession(unsignedToken({}, null))?.expiresAt).toBeNull();
  });

  it('refuses what jwt-decode cannot decode', () => {
    expect(readSession('garbage')).toBeNull();
    expect(readSession('a.b.c')).toBeNull();
    expect(readSession('')).toBeNull();
    expect(readSession(null)).toBeNull();
  });

  it('refuses a decodable token whose claims are not the gateway\'s', () => {
    expect(readSession(unsignedToken({ skill: 'wizard' as never }))).toBeNull();
    expect(readSession(unsignedToken({ _id: 42 as never }))).toBeNull();
    expect(readSession(unsignedToken({ isAdmin: 'yes' as never }))).toBeNull();
  });
});

describe('token storage', () => {
  afterEach(() => localStorage.clear());

  it(`keeps the token in localStorage under "${TOKEN_STORAGE_KEY}"`, () => {
    storeToken('abc');
    expect(localStorage.getItem('token')).toBe('abc');
    expect(loadStoredToken()).toBe('abc');
    forgetToken();
    expect(localStorage.getItem('token')).toBeNull();
    expect(loadStoredToken()).toBeNull();
  });
});
