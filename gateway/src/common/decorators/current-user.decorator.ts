import type { TokenClaims } from '@dblearn/contracts';
import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { AuthenticatedRequest } from '../authenticated-request.js';

/** The signed-in caller's token claims (set by the auth guard). */
export const CurrentUser = createParamDecorator(
  (_data: unknown, context: ExecutionContext): TokenClaims => context.switchToHttp().getRequest<AuthenticatedRequest>().user,
);
