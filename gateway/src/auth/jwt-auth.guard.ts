import { AUTH_HEADER } from '@dblearn/contracts';
import { type CanActivate, type ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AdminRoster } from './admin-roster.js';
import { ACCOUNT_GONE_MESSAGE, INVALID_TOKEN_MESSAGE, SIGN_IN_REQUIRED_MESSAGE } from './auth.messages.js';
import type { MaybeAuthenticatedRequest } from '../common/authenticated-request.js';
import { IS_PUBLIC_KEY } from './public.decorator.js';
import { TokenService } from './token.service.js';

/**
 * Global: every call needs a valid `x-auth-token` unless marked @Public(). The verified claims
 * are put on `request.user` for the handlers and the roles guard.
 */
@Injectable()
export class JwtAuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly tokens: TokenService,
    private readonly roster: AdminRoster,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    const isPublic = this.reflector.getAllAndOverride<boolean | undefined>(IS_PUBLIC_KEY, [context.getHandler(), context.getClass()]);
    if (isPublic) return true;
    const request = context.switchToHttp().getRequest<MaybeAuthenticatedRequest>();
    const token = request.headers[AUTH_HEADER];
    if (typeof token !== 'string' || token.length === 0) throw new UnauthorizedException(SIGN_IN_REQUIRED_MESSAGE);
    const claims = this.tokens.verify(token);
    if (!claims) throw new UnauthorizedException(INVALID_TOKEN_MESSAGE);
    // A deleted or disabled account's token is refused at once on every route (issue 30, Low 7), from memory.
    if (this.roster.isRemoved(claims._id)) throw new UnauthorizedException(ACCOUNT_GONE_MESSAGE);
    request.user = claims;
    return true;
  }
}
