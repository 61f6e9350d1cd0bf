import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { type ArgumentsHost, Logger } from '@nestjs/common';
import { firstValueFrom } from 'rxjs';
import { notFound } from './rpc-errors.js';
import { RpcExceptionsFilter } from './rpc-exceptions.filter.js';

const host = {
  getType: () => 'rpc',
  switchToRpc: () => ({ getContext: () => ({ getSubject: () => 'users.find-profile' }) }),
} as unknown as ArgumentsHost;

async function bodyOf(exception: unknown): Promise<unknown> {
  return firstValueFrom(new RpcExceptionsFilter().catch(exception, host)).then(
    () => {
      throw new Error('the filter answered instead of failing');
    },
    (body: unknown) => body,
  );
}

describe('RpcExceptionsFilter', () => {
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('sends a deliberate refusal as it is, without logging it', async () => {
    const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    expect(await bodyOf(notFound('User not found.'))).toEqual({ statusCode: 404, message: 'User not found.' });
    expect(logged).not.toHaveBeenCalled();
  });

  it('logs an unexpected error with its stack and sends only a bare 500', async () => {
    const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const failure = new Error('connection pool closed at db-3:27017');
    const body = await bodyOf(failure);
    expect(body).toEqual({ statusCode: 500, message: 'Internal error.' });
    expect(JSON.stringify(body)).not.toContain('db-3');
    expect(logged).toHaveBeenCalledWith('Unexpected error in users.find-profile', failure.stack);
  });
});
