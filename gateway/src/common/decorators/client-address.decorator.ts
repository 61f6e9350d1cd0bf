import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { clientKey } from '../middleware/rate-limit.middleware.js';

/** The caller's address as the rate limits key it (IPv4 address, IPv6 /56), for svc-users' fair hash gate. */
export const ClientAddress = createParamDecorator((_data: unknown, context: ExecutionContext): string => clientKey(context.switchToHttp().getRequest<Request>()));
