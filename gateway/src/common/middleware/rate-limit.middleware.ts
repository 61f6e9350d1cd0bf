import { normalizeEmail } from '@dblearn/contracts';
import { HttpException, HttpStatus } from '@nestjs/common';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import type { RateLimit } from '../../config/gateway.config.js';

/*
 * Rate limits as Express middleware (express-rate-limit, in-memory store), mounted per route by the
 * feature modules. @nestjs/throttler was the first choice, but it is CommonJS requiring the
 * ESM-only Nest 12 packages, which jest cannot load on Node 20.
 * The store lives in this process: several gateway instances would each count on their own.
 */

/**
 * POST /auth: failed tries per (client ip, e-mail in any letter case). Repeated guesses at one
 * account are stopped; people sharing one address (a school, our browser tests) do not block
 * each other, and a successful login does not use up a try.
 */
export function loginRateLimit({ limit, ttlMs }: RateLimit): RequestHandler {
  return rateLimit({
    windowMs: ttlMs,
    limit,
    keyGenerator: loginKey,
    skipSuccessfulRequests: true,
    // A wrong password (or a broken rule) is a 400; a 503 while svc-users is down is not the caller's try.
    requestWasSuccessful: (_request, response) => response.statusCode !== HttpStatus.BAD_REQUEST,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: refuse,
  });
}

/**
 * POST /auth: failed tries per client ip across every e-mail, so one address cannot try a password
 * on account after account (spraying). Looser than the per-account limit: people share addresses.
 */
export function loginPerAddressRateLimit({ limit, ttlMs }: RateLimit): RequestHandler {
  return rateLimit({
    windowMs: ttlMs,
    limit,
    keyGenerator: (request) => clientKey(request),
    skipSuccessfulRequests: true,
    requestWasSuccessful: (_request, response) => response.statusCode !== HttpStatus.BAD_REQUEST,
    // One set of RateLimit headers is enough: the per-account limiter sends them.
    standardHeaders: false,
    legacyHeaders: false,
    handler: refuse,
  });
}

/** POST /users: sign-ups per client ip, generous, against mass sign-up. */
export function registerRateLimit({ limit, ttlMs }: RateLimit): RequestHandler {
  return rateLimit({
    windowMs: ttlMs,
    limit,
    keyGenerator: (request) => clientKey(request),
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: refuse,
  });
}

/** `req.ip` is the peer, or the address the edge wrote when the edge sent it (`trust proxy` in app.factory). */
export function loginKey(request: Pick<Request, 'ip' | 'body'>): string {
  const body: unknown = request.body;
  const email = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).email : undefined;
  return `${clientKey(request)}|${typeof email === 'string' ? normalizeEmail(email) : ''}`;
}

/** One key per IPv4 address or IPv6 /56 (one customer's network), as express-rate-limit advises. */
function clientKey(request: Pick<Request, 'ip'>): string {
  return request.ip ? ipKeyGenerator(request.ip) : 'unknown';
}

export function tooManyAttemptsMessage(secondsLeft: number): string {
  const seconds = Math.max(1, Math.ceil(secondsLeft));
  return `Too many attempts. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;
}

/** Hands the 429 to Nest, so it leaves through the error filter in the usual envelope. */
function refuse(request: Request, _response: Response, next: NextFunction): void {
  const resetTime = (request as Request & { rateLimit?: { resetTime?: Date } }).rateLimit?.resetTime;
  const secondsLeft = resetTime ? (resetTime.getTime() - Date.now()) / 1000 : 60;
  next(new HttpException(tooManyAttemptsMessage(secondsLeft), HttpStatus.TOO_MANY_REQUESTS));
}
