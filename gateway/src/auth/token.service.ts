import { type PublicUser, SKILLS, type TokenClaims } from '@dblearn/contracts';
import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';

/** Signs and checks the session tokens (HS256, JWT_SECRET, JWT_EXPIRES_IN; see AuthModule). */
@Injectable()
export class TokenService {
  constructor(private readonly jwt: JwtService) {}

  /** Only the claims of CONTRACT "Conventions" go in, whatever else the user carries. */
  sign(user: PublicUser): string {
    const claims: TokenClaims = { _id: user._id, email: user.email, skill: user.skill, isAdmin: user.isAdmin, name: user.displayName };
    return this.jwt.sign(claims);
  }

  /** The token's claims, or null when it is malformed, expired, signed with another secret or not ours. */
  verify(token: string): TokenClaims | null {
    let payload: Record<string, unknown>;
    try {
      // Synchronous on purpose: an HMAC check costs microseconds, and this runs on every call.
      payload = this.jwt.verify<Record<string, unknown>>(token);
    } catch {
      return null;
    }
    return toClaims(payload);
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
