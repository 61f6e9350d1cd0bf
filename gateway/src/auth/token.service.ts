import { type PublicUser, SKILLS, type TokenClaims } from '@dblearn/contracts';
import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';

/** Tokens whose signature was checked, kept until they expire: a learner sends the same token on every call. */
const VERIFIED_KEPT = 10_000;

/** Signs and checks the session tokens (HS256, JWT_SECRET, JWT_EXPIRES_IN; see AuthModule). */
@Injectable()
export class TokenService {
  /**
   * Token text → its claims and expiry. Verifying (base64, JSON, HMAC) was ~7 % of the gateway's
   * CPU for an attempt; a token is immutable, so its check holds until it expires. Revocation is
   * not here: the guard asks the removed-accounts and admin rosters after this, on every call.
   */
  private readonly verified = new Map<string, { claims: TokenClaims; expiresAtMs: number }>();

  constructor(private readonly jwt: JwtService) {}

  /** Only the claims of CONTRACT "Conventions" go in, whatever else the user carries. */
  sign(user: PublicUser): string {
    const claims: TokenClaims = { _id: user._id, email: user.email, skill: user.skill, isAdmin: user.isAdmin, name: user.displayName };
    return this.jwt.sign(claims);
  }

  /** The token's claims, or null when it is malformed, expired, signed with another secret or not ours. */
  verify(token: string): TokenClaims | null {
    const kept = this.verified.get(token);
    if (kept) {
      if (kept.expiresAtMs > Date.now()) return kept.claims;
      this.verified.delete(token);
      return null;
    }
    const claims = this.check(token);
    if (claims) this.keep(token, claims);
    return claims;
  }

  private check(token: string): TokenClaims | null {
    let payload: Record<string, unknown>;
    try {
      // Synchronous on purpose: an HMAC check costs microseconds, and this runs on every call.
      payload = this.jwt.verify<Record<string, unknown>>(token);
    } catch {
      return null;
    }
    return toClaims(payload);
  }

  private keep(token: string, claims: TokenClaims): void {
    const { exp } = this.jwt.decode<{ exp: number }>(token);
    if (this.verified.size >= VERIFIED_KEPT) this.verified.delete(this.verified.keys().next().value as string);
    this.verified.set(token, { claims, expiresAtMs: exp * 1000 });
  }
}

function toClaims(payload: Record<string, unknown>): TokenClaims | null {
  const { _id, email, skill, isAdmin, exp, name } = payload;
  // A token without an expiry would never expire (issue 6): ours always carry one.
  if (typeof exp !== 'number') return null;
  if (typeof _id !== 'string' || typeof email !== 'string' || typeof isAdmin !== 'boolean') return null;
  if (!(SKILLS as readonly unknown[]).includes(skill)) return null;
  // `name` is absent from tokens signed before display names.
  return { _id, email, skill: skill as TokenClaims['skill'], isAdmin, ...(typeof name === 'string' ? { name } : {}) };
}
