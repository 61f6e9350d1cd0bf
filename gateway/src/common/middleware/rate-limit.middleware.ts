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

interface LimiterOptions {
  key: (request: Request) => string;
  /** Count only failed tries: a 400 (wrong password, broken rule); a 503 while svc-users is down is not the caller's try. */
  failuresOnly?: boolean;
  /** Only one limiter of a route sends the RateLimit headers. */
  headers?: boolean;
}

function limiter({ limit, ttlMs }: RateLimit, { key, failuresOnly = false, headers = false }: LimiterOptions): RequestHandler {
  return rateLimit({
    windowMs: ttlMs,
    limit,
    keyGenerator: key,
    ...(failuresOnly
      ? { skipSuccessfulRequests: true, requestWasSuccessful: (_request: Request, response: Response) => response.statusCode !== HttpStatus.BAD_REQUEST }
      : {}),
    standardHeaders: headers ? 'draft-8' : false,
    legacyHeaders: false,
    handler: refuse,
  });
}

/**
 * POST /auth: failed tries per (client ip, e-mail in any letter case). Repeated guesses at one
 * account are stopped; people sharing one address (a school, our browser tests) do not block
 * each other.
 */
export function loginRateLimit(rate: RateLimit): RequestHandler {
  return limiter(rate, { key: loginKey, failuresOnly: true, headers: true });
}

/**
 * POST /auth: failed tries per client ip across every e-mail, so one address cannot try a password
 * on account after account (spraying). Looser than the per-account limit: people share addresses.
 */
export function loginPerAddressRateLimit(rate: RateLimit): RequestHandler {
  return limiter(rate, { key: clientKey, failuresOnly: true });
}

/**
 * POST /auth: every login, successful or not, per (client ip, e-mail) and per client ip (issue 17):
 * correct logins cost a password hash too, and nobody needs more than a few a minute.
 */
export function loginRequestRateLimits({ perAccount, perAddress }: { perAccount: RateLimit; perAddress: RateLimit }): RequestHandler[] {
  return [limiter(perAddress, { key: (request) => `every|${clientKey(request)}` }), limiter(perAccount, { key: (request) => `every|${loginKey(request)}` })];
}

/** POST /users: sign-ups per client ip, generous, against mass sign-up. */
export function registerRateLimit(rate: RateLimit): RequestHandler {
  return limiter(rate, { key: clientKey, headers: true });
}

/** `req.ip` is the peer, or the address the edge wrote when the edge sent it (`trust proxy` in app.factory). */
export function loginKey(request: Pick<Request, 'ip' | 'body'>): string {
  const body: unknown = request.body;
  const email = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).email : undefined;
  return `${clientKey(request)}|${typeof email === 'string' ? normalizeEmail(email) : ''}`;
}

/** One key per IPv4 address or IPv6 /56 (one customer's network), as express-rate-limit advises. */
export function clientKey(request: Pick<Request, 'ip'>): string {
  return request.ip ? ipKeyGenerator(request.ip) : 'unknown';
}

export function tooManyAttemptsMessage(secondsLeft: number): string {
  const seconds = Math.max(1, Math.ceil(secondsLeft));
  return `Too many attempts. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;
}

/** Hands the 429 to Nest, so it leaves through the error filter in the usual envelope. */
function refuse(request: Request, response: Response, next: NextFunction): void {
  const resetTime = (request as Request & { rateLimit?: { resetTime?: Date } }).rateLimit?.resetTime;
  const secondsLeft = resetTime ? (resetTime.getTime() - Date.now()) / 1000 : 60;
  // Whichever limiter refused (only one sends the RateLimit headers), the caller learns when to retry.
  response.setHeader('Retry-After', String(Math.max(1, Math.ceil(secondsLeft))));
  next(new HttpException(tooManyAttemptsMessage(secondsLeft), HttpStatus.TOO_MANY_REQUESTS));
}
