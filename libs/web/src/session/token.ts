import { SKILLS, TOKEN_STORAGE_KEY, type TokenClaims } from '@dblearn/contracts';
import { jwtDecode } from 'jwt-decode';

/** A token the browser may use: decodable, shaped like the gateway's claims, and not expired. */
export interface Session {
  token: string;
  user: TokenClaims;
  /** Milliseconds since the epoch, or null for a token without `exp`. */
  expiresAt: number | null;
}

interface TokenPayload extends TokenClaims {
  exp?: number;
}

function isTokenPayload(value: unknown): value is TokenPayload {
  if (typeof value !== 'object' || value === null) return false;
  const claims = value as Record<string, unknown>;
  return (
    typeof claims._id === 'string' &&
    typeof claims.email === 'string' &&
    typeof claims.skill === 'string' &&
    (SKILLS as readonly string[]).includes(claims.skill) &&
    typeof claims.isAdmin === 'boolean' &&
    (claims.exp === undefined || typeof claims.exp === 'number')
  );
}

/**
 * Reads a token without trusting it: the signature is the gateway's business (it answers 401 to a
 * forged one, which ends the session). Returns null for anything that cannot be a live session.
 */
export function readSession(token: string | null | undefined, now: number = Date.now()): Session | null {
  if (!token) return null;
  let payload: unknown;
  try {
    payload = jwtDecode(token);
  } catch {
    return null;
  }
  if (!isTokenPayload(payload)) return null;
  const expiresAt = payload.exp === undefined ? null : payload.exp * 1000;
  if (expiresAt !== null && expiresAt <= now) return null;
  const { _id, email, skill, isAdmin } = payload;
  return { token, user: { _id, email, skill, isAdmin }, expiresAt };
}

// localStorage throws in some private modes and sandboxed frames: a session then lasts one page.
export function loadStoredToken(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function storeToken(token: string): void {
  try {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, token);
  } catch {
    // Nothing to do: the session still lives in the store.
  }
}

export function forgetToken(): void {
  try {
    window.localStorage.removeItem(TOKEN_STORAGE_KEY);
  } catch {
    // Nothing to do: there was nothing stored.
  }
}
