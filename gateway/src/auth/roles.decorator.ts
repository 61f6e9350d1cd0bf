import { applyDecorators, SetMetadata, UseGuards } from '@nestjs/common';
import { RolesGuard } from './roles.guard.js';
import { ROLES_KEY, type Role } from './roles.js';

/**
 * Restricts a call to callers holding every listed role (SPEC §6): `@Roles('admin')`.
 * It brings its guard along, so calls without roles pay nothing for the check.
 */
export const Roles = (...roles: [Role, ...Role[]]): MethodDecorator & ClassDecorator =>
  applyDecorators(SetMetadata(ROLES_KEY, roles), UseGuards(RolesGuard));
