import { DEADLINE_HEADER } from '@dblearn/contracts';
import { describe, expect, it } from '@jest/globals';
import type { CallHandler, ExecutionContext } from '@nestjs/common';
import { headers } from '@nats-io/transport-node';
import { defer, firstValueFrom, of } from 'rxjs';
import { assertBeforeDeadline, DeadlineInterceptor } from './deadline.js';

function rpcContext(deadline?: number): ExecutionContext {
  const hdrs = headers();
  if (deadline !== undefined) hdrs.set(DEADLINE_HEADER, String(deadline));
  return { getType: () => 'rpc', switchToRpc: () => ({ getContext: () => ({ getHeaders: () => hdrs }) }) } as unknown as ExecutionContext;
}

describe('DeadlineInterceptor', () => {
  const interceptor = new DeadlineInterceptor();

  it('refuses work whose deadline has passed without calling the handler', async () => {
    let called = false;
    const handler: CallHandler = { handle: () => defer(() => ((called = true), of('done'))) };
    await expect(firstValueFrom(interceptor.intercept(rpcContext(Date.now() - 1), handler))).rejects.toMatchObject({ error: { statusCode: 503 } });
    expect(called).toBe(false);
  });

  it('runs the handler with its deadline at hand for the check before a write', async () => {
    const deadline = Date.now() + 60_000;
    const handler: CallHandler = {
      handle: () =>
        defer(() => {
          assertBeforeDeadline();
          expect(() => assertBeforeDeadline(deadline + 1)).toThrow();
          return of('done');
        }),
    };
    await expect(firstValueFrom(interceptor.intercept(rpcContext(deadline), handler))).resolves.toBe('done');
  });

  it('lets a request without a deadline through', async () => {
    await expect(firstValueFrom(interceptor.intercept(rpcContext(), { handle: () => of('done') }))).resolves.toBe('done');
  });
});
