import { describe, expect, it } from '@jest/globals';
import { HttpStatus } from '@nestjs/common';
import { EmptyResponseException } from '@nestjs/microservices/errors/empty-response.exception.js';
import { TimeoutError } from 'rxjs';
import { ServiceConnectionError, serviceUnavailableMessage, toHttpException } from './service-errors.js';

/** What a NATS client error looks like: only its name tells it apart. */
function natsError(name: string, message = 'nats says no'): Error {
  const error = new Error(message);
  error.name = name;
  return error;
}

describe('toHttpException', () => {
  it.each([
    ['the bounded wait ran out', new TimeoutError()],
    ['there is no connection to NATS', new ServiceConnectionError('Error: Connection lost. Trying to reconnect...')],
    ['nobody listens on the subject', new EmptyResponseException('users.find-profile')],
    ['the connection closed mid-call', new Error('Connection closed')],
    ['NATS refused the connection', natsError('ConnectionError')],
    ['the connection was already closed', natsError('ClosedConnectionError')],
    ['NATS reported no responders', natsError('NoResponders')],
  ])('answers 503 naming the service when %s', (_case, error) => {
    const exception = toHttpException('users', error);
    expect(exception.getStatus()).toBe(HttpStatus.SERVICE_UNAVAILABLE);
    expect(exception.message).toBe('The users service is unavailable. Try again shortly.');
    expect(exception.cause).toBe(error);
  });

  it('names whichever service is down', () => {
    expect(serviceUnavailableMessage('content')).toBe('The content service is unavailable. Try again shortly.');
  });

  it("keeps a service's own refusal: its status and its sentence", () => {
    const exception = toHttpException('users', { statusCode: 400, message: 'User already registered.' });
    expect(exception.getStatus()).toBe(400);
    expect(exception.getResponse()).toEqual({ statusCode: 400, message: 'User already registered.' });
  });

  it('keeps a list of sentences from a service', () => {
    const exception = toHttpException('users', { statusCode: 404, message: ['No such user.'] });
    expect(exception.getStatus()).toBe(404);
    expect(exception.getResponse()).toEqual({ statusCode: 404, message: ['No such user.'] });
  });

  it.each([
    ['an error status outside 4xx–5xx', { statusCode: 200, message: 'fine' }],
    ["Nest's generic RPC error", { status: 'error', message: 'Internal server error' }],
    ['a string', 'boom'],
    ['nothing at all', undefined],
    ['a plain Error from our own code', new TypeError("Cannot read properties of undefined (reading 'email')")],
  ])('answers a bare 500 for %s, keeping the detail as the cause for the log', (_case, error) => {
    const exception = toHttpException('users', error);
    expect(exception.getStatus()).toBe(HttpStatus.INTERNAL_SERVER_ERROR);
    expect(exception.cause).toBeInstanceOf(Error);
    if (error instanceof Error) expect(exception.cause).toBe(error);
  });
});
