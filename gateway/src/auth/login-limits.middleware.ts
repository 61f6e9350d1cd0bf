import { normalizeEmail } from '@dblearn/contracts';
import { HttpStatus } from '@nestjs/common';
import type { Request, RequestHandler } from 'express';
import { clientKey, refuse } from '../common/middleware/rate-limit.middleware.js';
import type { LoginPolicy } from './login-policy.js';

/**
 * POST /auth: the login policy (issue 30, auth/login-policy.ts) as middleware. It admits or refuses
 * before the password is checked, and learns the outcome from the answer: a 400 (wrong password,
 * broken rule) is a failure, a 200 a success; a 429 or 503 from svc-users is neither.
 */
export function loginLimits(policy: LoginPolicy): RequestHandler {
  return (request, response, next) => {
    const address = clientKey(request);
    const account = accountOf(request);
    const refusal = policy.admit(address, account);
    if (refusal) {
      refuse(response, next, refusal.message, refusal.retryAfterSeconds);
      return;
    }
    response.once('finish', () => {
      if (response.statusCode === HttpStatus.BAD_REQUEST) policy.failed(address, account);
      else if (response.statusCode === HttpStatus.OK) policy.succeeded(address, account);
    });
    next();
  };
}

/** The normalized e-mail of a login body, or '' when it has none. */
export function accountOf(request: Pick<Request, 'body'>): string {
  const body: unknown = request.body;
  const email = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).email : undefined;
  return typeof email === 'string' ? normalizeEmail(email) : '';
}

