import type { TokenClaims } from '@dblearn/contracts';

export const LEARNER: TokenClaims = {
  _id: '6560f0c2a1b2c3d4e5f60718',
  email: 'learner@dblearn.test',
  skill: 'beginner',
  isAdmin: false,
};

function base64Url(value: unknown): string {
  return btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
}

/**
 * A JWT shaped like the gateway's, for tests of code that only decodes tokens (the browser never
 * checks signatures). `expiresInSeconds` may be negative for an expired token, or null for no `exp`.
 */
export function unsignedToken(
  claims: Partial<TokenClaims> & Record<string, unknown> = {},
  expiresInSeconds: number | null = 3600,
): string {
  const payload: Record<string, unknown> = { ...LEARNER, ...claims, iat: Math.floor(Date.now() / 1000) };
  if (expiresInSeconds !== null) payload.exp = Math.floor(Date.now() / 1000) + expiresInSeconds;
  return `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url(payload)}.c2lnbmF0dXJl`;
}
