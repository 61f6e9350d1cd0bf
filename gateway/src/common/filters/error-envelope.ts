import { BODY_LIMIT_BYTES, type ErrorEnvelope, JSON_MAX_DEPTH } from '@dblearn/contracts';
import { HttpException, HttpStatus } from '@nestjs/common';
import { STATUS_CODES } from 'node:http';

/** The only thing a caller learns about a fault on our side. */
export const INTERNAL_ERROR_MESSAGE = 'Something went wrong on our side. Try again later.';

/** body-parser's failures (the `type` of its errors) in words a person can act on. */
const BODY_PARSER_MESSAGES: Record<string, string> = {
  'entity.parse.failed': 'The request body is not valid JSON.',
  'entity.too.large': `The request body is larger than ${BODY_LIMIT_BYTES / 1024} kB.`,
  'parameters.too.many': 'The request body has too many fields.',
  'request.aborted': 'The request was aborted before its body arrived.',
  'request.size.invalid': 'The request body is shorter or longer than its Content-Length says.',
  'charset.unsupported': 'The request body must be UTF-8.',
  'encoding.unsupported': 'The request body uses a content encoding the server does not accept.',
  // Set by json-depth.ts (body-parser's verify hook).
  'entity.too.deep': `The request body is nested more than ${JSON_MAX_DEPTH} levels deep.`,
};

/** zlib's own wording ("incorrect header check") means nothing to a caller. */
export const BAD_COMPRESSION_MESSAGE = 'The request body is not valid gzip or deflate data, as its Content-Encoding says it is.';

/**
 * Any exception as CONTRACT "Conventions" shapes every 4xx and 5xx: `{statusCode, error, message}`.
 * 503 keeps its sentence (it names the service that is down); every other 5xx says only
 * INTERNAL_ERROR_MESSAGE, so no stack, query or database message ever reaches a caller.
 */
export function toErrorEnvelope(exception: unknown): ErrorEnvelope {
  if (!(exception instanceof HttpException)) return envelope(HttpStatus.INTERNAL_SERVER_ERROR, INTERNAL_ERROR_MESSAGE);
  const statusCode = exception.getStatus();
  if (statusCode >= 500 && statusCode !== HttpStatus.SERVICE_UNAVAILABLE) return envelope(statusCode, INTERNAL_ERROR_MESSAGE);
  return envelope(statusCode, bodyParserMessage(exception.cause) ?? messageOf(exception, statusCode));
}

/** True for the faults that are ours to fix (logged with their stack), as opposed to refusals and outages. */
export function isServerFault(statusCode: number): boolean {
  return statusCode >= 500 && statusCode !== HttpStatus.SERVICE_UNAVAILABLE;
}

function envelope(statusCode: number, message: string | string[]): ErrorEnvelope {
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message };
}

function messageOf(exception: HttpException, statusCode: number): string | string[] {
  const response = exception.getResponse();
  if (typeof response === 'string' && response) return response;
  if (typeof response === 'object' && response !== null) {
    const { message } = response as { message?: unknown };
    if (typeof message === 'string' && message) return message;
    if (Array.isArray(message) && message.length > 0 && message.every((m) => typeof m === 'string')) return message;
  }
  return STATUS_CODES[statusCode] ?? 'Error';
}

/** 100 kB, 600 kB, 20 MB: a body limit as a person reads it. */
export function formatBodyLimit(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return Number.isInteger(mb) ? `${mb} MB` : `${Math.round(bytes / 1024)} kB`;
}

function bodyParserMessage(cause: unknown): string | undefined {
  if (typeof cause !== 'object' || cause === null) return undefined;
  const { type, code, limit } = cause as { type?: unknown; code?: unknown; limit?: unknown };
  if (typeof code === 'string' && code.startsWith('Z_')) return BAD_COMPRESSION_MESSAGE;
  // Each route's own limit (the import takes 20 MB), as body-parser applied it (issue 17).
  if (type === 'entity.too.large' && typeof limit === 'number') return `The request body is larger than ${formatBodyLimit(limit)}.`;
  return typeof type === 'string' ? BODY_PARSER_MESSAGES[type] : undefined;
}
