import { type CallHandler, type CanActivate, type ExecutionContext, HttpException, HttpStatus, Inject, Injectable, type NestInterceptor, SetMetadata, UseGuards, UseInterceptors, applyDecorators } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Response } from 'express';
import { finalize, type Observable } from 'rxjs';
import type { MaybeAuthenticatedRequest } from '../../auth/authenticated-request.js';
import { GATEWAY_CONFIG, type GatewayConfig, type UserRateLimit } from '../../config/gateway.config.js';

/*
 * Issue 17 finding 4: per-user limits on calls that cost the servers (graded attempts, Q&A writes),
 * counted by user id after the auth guard (express-rate-limit runs before it, when nobody is known
 * yet). Counted in this gateway's memory, like the login limits.
 */

/** Which per-user rate a call counts against (GatewayConfig.userLimits). */
export type UserRateName = 'attempts' | 'qnaWrites';

const USER_RATE_KEY = 'dblearn:user-rate';

const RATE_MESSAGES: Record<UserRateName, (seconds: number) => string> = {
  attempts: (seconds) => `Too many attempts in a minute. Try again in ${secondsText(seconds)}.`,
  qnaWrites: (seconds) => `Too many posts and edits in a minute. Try again in ${secondsText(seconds)}.`,
};

export function attemptsInFlightMessage(limit: number): string {
  return `You already have ${limit} attempt${limit === 1 ? '' : 's'} running. Wait for ${limit === 1 ? 'it' : 'one'} to finish.`;
}

function secondsText(seconds: number): string {
  return `${seconds} second${seconds === 1 ? '' : 's'}`;
}

/** Calls per user in fixed windows; entries of windows that have ended are dropped as time goes on. */
export class UserRateCounter {
  private readonly windows = new Map<string, { count: number; endsAt: number }>();
  private sweptAt = 0;

  constructor(private readonly rate: UserRateLimit) {}

  /** Counts one call; 0 when it is allowed, else the milliseconds until the user may call again. */
  take(userId: string, now = Date.now()): number {
    this.sweep(now);
    const current = this.windows.get(userId);
    if (!current || current.endsAt <= now) {
      this.windows.set(userId, { count: 1, endsAt: now + this.rate.windowMs });
      return 0;
    }
    if (current.count >= this.rate.limit) return current.endsAt - now;
    current.count += 1;
    return 0;
  }

  private sweep(now: number): void {
    if (now - this.sweptAt < this.rate.windowMs) return;
    this.sweptAt = now;
    for (const [userId, window] of this.windows) if (window.endsAt <= now) this.windows.delete(userId);
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
  private readonly running = new Map<string, number>();

  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    this.rates = { attempts: new UserRateCounter(config.userLimits.attempts), qnaWrites: new UserRateCounter(config.userLimits.qnaWrites) };
    this.attemptsInFlight = config.userLimits.attemptsInFlight;
  }

  /** Takes an attempt slot of this user; false when they already hold every one. */
  startAttempt(userId: string): boolean {
    const count = this.running.get(userId) ?? 0;
    if (count >= this.attemptsInFlight) return false;
    this.running.set(userId, count + 1);
    return true;
  }

  endAttempt(userId: string): void {
    const left = (this.running.get(userId) ?? 1) - 1;
    if (left > 0) this.running.set(userId, left);
    else this.running.delete(userId);
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

/** At most `attemptsInFlight` graded attempts running per learner; the next is refused at once. */
@Injectable()
export class AttemptsInFlightInterceptor implements NestInterceptor {
  constructor(private readonly counts: UserLimitCounts) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const { user } = context.switchToHttp().getRequest<MaybeAuthenticatedRequest>();
    if (!user) return next.handle();
    if (!this.counts.startAttempt(user._id)) {
      throw tooMany(context.switchToHttp().getResponse<Response>(), attemptsInFlightMessage(this.counts.attemptsInFlight), 1);
    }
    return next.handle().pipe(finalize(() => this.counts.endAttempt(user._id)));
  }
}

/** Counts the call against the caller's per-user rate: `@UserRate('qnaWrites')`. */
export const UserRate = (name: UserRateName): MethodDecorator => applyDecorators(SetMetadata(USER_RATE_KEY, name), UseGuards(UserRateGuard));

/** POST /project/{id}/attempts: the per-learner rate and the in-flight cap. */
export const AttemptLimits = (): MethodDecorator => applyDecorators(UserRate('attempts'), UseInterceptors(AttemptsInFlightInterceptor));
