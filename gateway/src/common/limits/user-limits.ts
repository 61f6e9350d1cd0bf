import { type CallHandler, type CanActivate, type ExecutionContext, HttpException, HttpStatus, Inject, Injectable, type NestInterceptor, SetMetadata, UseGuards, UseInterceptors, applyDecorators } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Response } from 'express';
import { finalize, type Observable } from 'rxjs';
import type { MaybeAuthenticatedRequest } from '../authenticated-request.js';
import { GATEWAY_CONFIG, type GatewayConfig, type UserRateLimit } from '../../config/gateway.config.js';
import { clientKey } from '../middleware/rate-limit.middleware.js';
import { secondsText } from './windows.js';

/*
 * Issue 17 finding 4: per-user limits on calls that cost the servers (graded attempts, Q&A writes;
 * searches and attempts in flight per address since issue 30),
 * counted by user id after the auth guard (express-rate-limit runs before it, when nobody is known
 * yet). Counted in this gateway's memory, like the login limits.
 */

/** Which per-user rate a call counts against (GatewayConfig.userLimits). */
export type UserRateName = 'attempts' | 'qnaWrites' | 'searches';

const USER_RATE_KEY = 'dblearn:user-rate';

const RATE_MESSAGES: Record<UserRateName, (seconds: number) => string> = {
  attempts: (seconds) => `Too many attempts in a minute. Try again in ${secondsText(seconds)}.`,
  qnaWrites: (seconds) => `Too many posts and edits in a minute. Try again in ${secondsText(seconds)}.`,
  searches: (seconds) => `Too many searches in a minute. Try again in ${secondsText(seconds)}.`,
};

export function attemptsInFlightMessage(limit: number): string {
  return `You already have ${limit} attempt${limit === 1 ? '' : 's'} running. Wait for ${limit === 1 ? 'it' : 'one'} to finish.`;
}

export function addressAttemptsInFlightMessage(limit: number): string {
  return `Your network address already has ${limit} attempt${limit === 1 ? '' : 's'} running, all its accounts together. Wait for one to finish.`;
}

/**
 * Calls per key (a user id, an address, an account) in fixed windows; entries of windows that have
 * ended are dropped as time goes on.
 */
export class UserRateCounter {
  private readonly windows = new Map<string, { count: number; endsAt: number }>();
  private sweptAt = 0;

  constructor(private readonly rate: UserRateLimit) {}

  /** Counts one call; 0 when it is allowed, else the milliseconds until the key may call again. */
  take(key: string, now = Date.now()): number {
    const waitMs = this.wait(key, now);
    if (waitMs === 0) this.add(key, now);
    return waitMs;
  }

  /** 0 while the key has calls left in its window, else the milliseconds until its window ends; counts nothing. */
  wait(key: string, now = Date.now()): number {
    const current = this.windows.get(key);
    return current && current.endsAt > now && current.count >= this.rate.limit ? current.endsAt - now : 0;
  }

  /** Counts one call, allowed or not (a failure learnt after the fact). */
  add(key: string, now = Date.now()): void {
    this.sweep(now);
    const current = this.windows.get(key);
    if (!current || current.endsAt <= now) this.windows.set(key, { count: 1, endsAt: now + this.rate.windowMs });
    else current.count += 1;
  }

  private sweep(now: number): void {
    if (now - this.sweptAt < this.rate.windowMs) return;
    this.sweptAt = now;
    for (const [key, window] of this.windows) if (window.endsAt <= now) this.windows.delete(key);
  }
}

/** 429 with Retry-After, in the usual envelope (the error filter keeps headers already set). */
function tooMany(response: Response, message: string, retryAfterSeconds: number): HttpException {
  response.setHeader('Retry-After', String(retryAfterSeconds));
  return new HttpException(message, HttpStatus.TOO_MANY_REQUESTS);
}

/**
 * The counts of every gateway route, one store for the process: guards and interceptors named in
 * @UseGuards are made once per module, and a user's count must not depend on the module.
 */
@Injectable()
export class UserLimitCounts {
  readonly rates: Record<UserRateName, UserRateCounter>;
  readonly attemptsInFlight: number;
  readonly attemptsInFlightPerAddress: number;
  private readonly running = new InFlight();
  private readonly runningByAddress = new InFlight();

  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    const { attempts, qnaWrites, searches } = config.userLimits;
    this.rates = { attempts: new UserRateCounter(attempts), qnaWrites: new UserRateCounter(qnaWrites), searches: new UserRateCounter(searches) };
    this.attemptsInFlight = config.userLimits.attemptsInFlight;
    this.attemptsInFlightPerAddress = config.userLimits.attemptsInFlightPerAddress;
  }

  /**
   * Takes an attempt slot of this user and of their address (issue 30: accounts made in a minute
   * from one address must not multiply the user's cap); says which one is full, else null.
   */
  startAttempt(userId: string, address: string): 'user' | 'address' | null {
    if (this.running.count(userId) >= this.attemptsInFlight) return 'user';
    if (this.runningByAddress.count(address) >= this.attemptsInFlightPerAddress) return 'address';
    this.running.start(userId);
    this.runningByAddress.start(address);
    return null;
  }

  endAttempt(userId: string, address: string): void {
    this.running.end(userId);
    this.runningByAddress.end(address);
  }
}

/** Jobs running per key; a key with none holds no entry. */
class InFlight {
  private readonly running = new Map<string, number>();

  count(key: string): number {
    return this.running.get(key) ?? 0;
  }

  start(key: string): void {
    this.running.set(key, this.count(key) + 1);
  }

  end(key: string): void {
    const left = this.count(key) - 1;
    if (left > 0) this.running.set(key, left);
    else this.running.delete(key);
  }
}

@Injectable()
export class UserRateGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly counts: UserLimitCounts,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    const name = this.reflector.get<UserRateName | undefined>(USER_RATE_KEY, context.getHandler());
    const { user } = context.switchToHttp().getRequest<MaybeAuthenticatedRequest>();
    // Visitors are refused by the auth guard before this runs.
    if (!name || !user) return true;
    const waitMs = this.counts.rates[name].take(user._id);
    if (waitMs === 0) return true;
    const seconds = Math.max(1, Math.ceil(waitMs / 1000));
    throw tooMany(context.switchToHttp().getResponse<Response>(), RATE_MESSAGES[name](seconds), seconds);
  }
}

/**
 * At most `attemptsInFlight` graded attempts running per learner and `attemptsInFlightPerAddress`
 * per client address; the next is refused at once.
 */
@Injectable()
export class AttemptsInFlightInterceptor implements NestInterceptor {
  constructor(private readonly counts: UserLimitCounts) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<MaybeAuthenticatedRequest>();
    const { user } = request;
    if (!user) return next.handle();
    const address = clientKey(request);
    const full = this.counts.startAttempt(user._id, address);
    if (full) {
      const message = full === 'user' ? attemptsInFlightMessage(this.counts.attemptsInFlight) : addressAttemptsInFlightMessage(this.counts.attemptsInFlightPerAddress);
      throw tooMany(context.switchToHttp().getResponse<Response>(), message, 1);
    }
    return next.handle().pipe(finalize(() => this.counts.endAttempt(user._id, address)));
  }
}

/** Counts the call against the caller's per-user rate: `@UserRate('qnaWrites')`. */
export const UserRate = (name: UserRateName): MethodDecorator => applyDecorators(SetMetadata(USER_RATE_KEY, name), UseGuards(UserRateGuard));

/** POST /project/{id}/attempts: the per-learner rate and the in-flight cap. */
export const AttemptLimits = (): MethodDecorator => applyDecorators(UserRate('attempts'), UseInterceptors(AttemptsInFlightInterceptor));
