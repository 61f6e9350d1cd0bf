import { HttpException, HttpStatus } from '@nestjs/common';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import type { RateLimit } from '../../config/gateway.config.js';
import { perWindow, secondsText } from '../limits/windows.js';

/*
 * Rate limits as Express middleware (express-rate-limit, in-memory store), mounted per route by the
 * feature modules. @nestjs/throttler was the first choice, but it is CommonJS requiring the
 * ESM-only Nest 12 packages, which jest cannot load on Node 20.
 * The store lives in this process: several gateway instances would each count on their own.
 * The login limits are a policy of their own (auth/login-policy.ts).
 */

/**
 * POST /users: accounts made per client ip (issue 30: 10 a minute, was 30 tries), against mass
 * sign-up. Only sign-ups that made an account count: a refused one (taken e-mail, broken rule, the
 * hash gate's 429) made nothing, and svc-users' hash gate already bounds what its tries cost.
 */
export function registerRateLimit({ limit, ttlMs }: RateLimit): RequestHandler {
  return rateLimit({
    windowMs: ttlMs,
    limit,
    keyGenerator: clientKey,
    skipFailedRequests: true,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (request: Request, response: Response, next: NextFunction) => {
      const secondsLeft = secondsUntilReset(request);
      refuse(response, next, `Too many accounts made from your network address (${perWindow(limit, ttlMs)}). Try again in ${secondsText(secondsLeft)}.`, secondsLeft);
    },
  });
}

/** One key per IPv4 address or IPv6 /56 (one customer's network), as express-rate-limit advises. */
export function clientKey(request: Pick<Request, 'ip'>): string {
  return request.ip ? ipKeyGenerator(request.ip) : 'unknown';
}

function secondsUntilReset(request: Request): number {
  const resetTime = (request as Request & { rateLimit?: { resetTime?: Date } }).rateLimit?.resetTime;
  return Math.max(1, Math.ceil(resetTime ? (resetTime.getTime() - Date.now()) / 1000 : 60));
}

/** Hands the 429 to Nest, so it leaves through the error filter in the usual envelope, with Retry-After. */
export function refuse(response: Response, next: NextFunction, message: string, retryAfterSeconds: number): void {
  response.setHeader('Retry-After', String(retryAfterSeconds));
  next(new HttpException(message, HttpStatus.TOO_MANY_REQUESTS));
}
