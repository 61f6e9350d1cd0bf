import { type CanActivate, type ExecutionContext, ForbiddenException, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ADMIN_ONLY_MESSAGE, SIGN_IN_REQUIRED_MESSAGE } from './auth.messages.js';
import type { MaybeAuthenticatedRequest } from '../common/authenticated-request.js';
import { AccountRoles } from './account-roles.js';
import { ROLES_KEY, type Role } from './roles.js';

/** Runs after the auth guard: 403 for a signed-in caller whose account lacks a role the call requires. */
@Injectable()
export class RolesGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly roles: AccountRoles,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const required = this.reflector.getAllAndOverride<Role[] | undefined>(ROLES_KEY, [context.getHandler(), context.getClass()]);
    if (!required || required.length === 0) return true;
    const { user } = context.switchToHttp().getRequest<MaybeAuthenticatedRequest>();
    if (!user) throw new UnauthorizedException(SIGN_IN_REQUIRED_MESSAGE);
    for (const role of required) if (!(await this.roles.has(user, role))) throw new ForbiddenException(ADMIN_ONLY_MESSAGE);
    return true;
  }
}
