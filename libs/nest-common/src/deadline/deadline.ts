import { AsyncLocalStorage } from 'node:async_hooks';
import { DEADLINE_HEADER, DEADLINE_PASSED_MESSAGE } from '@dblearn/contracts';
import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import type { NatsContext } from '@nestjs/microservices';
import { Observable, throwError } from 'rxjs';
import { serviceUnavailable } from '../errors/rpc-errors.js';

const deadlines = new AsyncLocalStorage<number>();

/** The request's deadline from its NATS headers, or undefined when it carries none. */
export function readDeadline(context: Pick<NatsContext, 'getHeaders'> | undefined): number | undefined {
  const raw = (context?.getHeaders?.() as { get(name: string): string } | undefined)?.get(DEADLINE_HEADER);
  const deadline = raw ? Number(raw) : NaN;
  return Number.isFinite(deadline) ? deadline : undefined;
}

/**
 * Call right before a write that must not happen once the caller has given up (after a slow step
 * such as hashing a password): throws the 503 the gateway would have answered anyway.
 */
export function assertBeforeDeadline(now = Date.now()): void {
  const deadline = deadlines.getStore();
  if (deadline !== undefined && now >= deadline) throw serviceUnavailable(DEADLINE_PASSED_MESSAGE);
}

/**
 * Every service (through ServiceKitModule): a request whose deadline has passed is refused before
 * any work, and the handler runs with its deadline at hand for assertBeforeDeadline().
 */
@Injectable()
export class DeadlineInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'rpc') return next.handle();
    const deadline = readDeadline(context.switchToRpc().getContext<NatsContext>());
    if (deadline === undefined) return next.handle();
    if (Date.now() >= deadline) return throwError(() => serviceUnavailable(DEADLINE_PASSED_MESSAGE));
    return new Observable((subscriber) => deadlines.run(deadline, () => next.handle().subscribe(subscriber)));
  }
}
