import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

export function isFetchBaseQueryError(error: unknown): error is FetchBaseQueryError {
  return typeof error === 'object' && error !== null && 'status' in error;
}

/** The HTTP status of a failed call, or null when no answer came (network, timeout, aborted). */
export function errorStatus(error: FetchBaseQueryError): number | null {
  if (typeof error.status === 'number') return error.status;
  if (error.status === 'PARSING_ERROR') return error.originalStatus;
  return null;
}

/** A 4xx answer: the request was refused for a reason the person can act on. */
export function isClientError(error: unknown): error is FetchBaseQueryError {
  if (!isFetchBaseQueryError(error)) return false;
  const status = errorStatus(error);
  return status !== null && status >= 400 && status <= 499;
}

function messageOf(body: unknown): string | null {
  if (typeof body === 'string') {
    const text = body.trim();
    if (text.startsWith('{')) {
      try {
        return messageOf(JSON.parse(text)) ?? text;
      } catch {
        return text;
      }
    }
    return text || null;
  }
  if (typeof body !== 'object' || body === null || !('message' in body)) return null;
  const { message } = body as { message: unknown };
  if (typeof message === 'string') return message;
  if (Array.isArray(message) && message.every((item) => typeof item === 'string')) return message.join(' ');
  return null;
}

/**
 * The sentence the gateway gave with a refusal: a text body as it is (POST /auth), or the error
 * envelope's `message` (a list of sentences is joined). Null when there is none.
 */
export function apiErrorMessage(error: unknown): string | null {
  if (!isFetchBaseQueryError(error)) return null;
  return messageOf(error.data);
}
