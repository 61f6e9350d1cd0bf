import type { TokenClaims } from '@dblearn/contracts';
import type { Request } from 'express';

/** A request the auth guard let through: `user` holds the verified token's claims. */
export interface AuthenticatedRequest extends Request {
  user: TokenClaims;
}

/** Any request as it reaches the guards: signed in or not yet known. */
export interface MaybeAuthenticatedRequest extends Request {
  user?: TokenClaims;
}
