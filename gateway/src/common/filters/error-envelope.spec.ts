import { describe, expect, it } from '@jest/globals';
import { BadRequestException, HttpException, InternalServerErrorException, NotFoundException, PayloadTooLargeException, ServiceUnavailableException } from '@nestjs/common';
import { INTERNAL_ERROR_MESSAGE, isServerFault, toErrorEnvelope } from './error-envelope.js';

/** body-parser's errors carry a `type`; Nest wraps them in an HttpException with the error as cause. */
function bodyParserError(type: string, message: string): Error {
  return Object.assign(new Error(message), { type });
}

describe('toErrorEnvelope', () => {
  it('shapes a refusal as {statusCode, error, message}', () => {
    expect(toErrorEnvelope(new NotFoundException('No such course.'))).toEqual({ statusCode: 404, error: 'Not Found', message: 'No such course.' });
  });

  it('keeps the list of sentences of a validation failure', () => {
    const envelope = toErrorEnvelope(new BadRequestException(['E-mail must be text.', 'The field "x" is not allowed.']));
    expect(envelope).toEqual({ statusCode: 400, error: 'Bad Request', message: ['E-mail must be text.', 'The field "x" is not allowed.'] });
  });

  it("puts body-parser's wording into sentences", () => {
    const malformed = new BadRequestException('Unexpected token } in JSON at position 10', { cause: bodyParserError('entity.parse.failed', 'Unexpected token') });
    expect(toErrorEnvelope(malformed).message).toBe('The request body is not valid JSON.');
    const tooLarge = new PayloadTooLargeException('request entity too large', { cause: bodyParserError('entity.too.large', 'request entity too large') });
    expect(toErrorEnvelope(tooLarge)).toEqual({ statusCode: 413, error: 'Payload Too Large', message: 'The request body is larger than 100 kB.' });
  });

  it('names the limit of the route that refused the body (issue 17: the import takes 20 MB)', () => {
    const over = (limit: number) =>
      toErrorEnvelope(new PayloadTooLargeException('request entity too large', { cause: Object.assign(bodyParserError('entity.too.large', 'too large'), { limit }) })).message;
    expect(over(20 * 1024 * 1024)).toBe('The request body is larger than 20 MB.');
    expect(over(600 * 1024)).toBe('The request body is larger than 600 kB.');
    expect(over(100 * 1024)).toBe('The request body is larger than 100 kB.');
  });

  it('keeps the sentence of a 503, which names the service', () => {
    const envelope = toErrorEnvelope(new ServiceUnavailableException('The users service is unavailable. Try again shortly.'));
    expect(envelope).toEqual({ statusCode: 503, error: 'Service Unavailable', message: 'The users service is unavailable. Try again shortly.' });
  });

  it('never passes on the detail of a 500', () => {
    const leaky = new InternalServerErrorException('E11000 duplicate key error collection: dblearn_users.users');
    expect(toErrorEnvelope(leaky)).toEqual({ statusCode: 500, error: 'Internal Server Error', message: INTERNAL_ERROR_MESSAGE });
    expect(toErrorEnvelope(new HttpException('upstream said: stack at x.js:1', 502)).message).toBe(INTERNAL_ERROR_MESSAGE);
  });

  it('answers anything that is not an HttpException as a bare 500', () => {
    expect(toErrorEnvelope(new TypeError('x is undefined'))).toEqual({ statusCode: 500, error: 'Internal Server Error', message: INTERNAL_ERROR_MESSAGE });
    expect(toErrorEnvelope('thrown string')).toEqual({ statusCode: 500, error: 'Internal Server Error', message: INTERNAL_ERROR_MESSAGE });
  });

  it('falls back to the status text when an exception has no message', () => {
    expect(toErrorEnvelope(new HttpException({}, 418))).toEqual({ statusCode: 418, error: "I'm a Teapot", message: "I'm a Teapot" });
  });
});

describe('isServerFault', () => {
  it('counts 5xx other than 503 as our fault', () => {
    expect(isServerFault(500)).toBe(true);
    expect(isServerFault(502)).toBe(true);
    expect(isServerFault(503)).toBe(false);
    expect(isServerFault(429)).toBe(false);
  });
});
