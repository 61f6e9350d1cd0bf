import { HttpException, InternalServerErrorException, ServiceUnavailableException } from '@nestjs/common';
// Not re-exported from the package root; it is what a NATS "no responders" status turns into.
import { EmptyResponseException } from '@nestjs/microservices/errors/empty-response.exception.js';
import { isRpcErrorBody, type ServiceName } from '@dblearn/contracts';
import { TimeoutError } from 'rxjs';

/** The sentence a caller reads when a service is down or too slow. */
export function serviceUnavailableMessage(service: ServiceName): string {
  return `The ${service} service is unavailable. Try again shortly.`;
}

/** Raised when the NATS connection cannot be had at all (server down, reconnecting, closed). */
export class ServiceConnectionError extends Error {
  override name = 'ServiceConnectionError';
  constructor(cause: unknown) {
    super('No connection to NATS.', { cause });
  }
}

/**
 * Errors of the NATS client itself (by name, so a second copy of the library cannot defeat an
 * `instanceof`): the message never reached a service or its answer never came back.
 */
const TRANSPORT_ERROR_NAMES = new Set([
  'ConnectionError',
  'ClosedConnectionError',
  'DrainingConnectionError',
  'NoResponders',
  'NoRespondersError',
  'RequestError',
  'TimeoutError',
]);

/**
 * Turns whatever a service call failed with into the HTTP answer (CONTRACT "Conventions"):
 * a timeout, no responder or no NATS is 503 naming the service; a service's own refusal
 * (RpcErrorBody) keeps its status and sentence; anything else is a bare 500 whose detail is
 * kept as the cause for the server log only.
 */
export function toHttpException(service: ServiceName, error: unknown): HttpException {
  if (isTransportFailure(error)) {
    return new ServiceUnavailableException(serviceUnavailableMessage(service), { cause: error });
  }
  if (isRpcErrorBody(error) && error.statusCode >= 400 && error.statusCode <= 599) {
    return new HttpException(
      { statusCode: error.statusCode, message: error.message },
      error.statusCode,
      { cause: error },
    );
  }
  return new InternalServerErrorException(undefined, {
    cause: error instanceof Error ? error : new Error(`The ${service} service answered with an unexpected error: ${describe(error)}`),
  });
}

function isTransportFailure(error: unknown): boolean {
  if (error instanceof TimeoutError || error instanceof ServiceConnectionError) return true;
  if (error instanceof EmptyResponseException) return true;
  if (error instanceof Error) {
    return TRANSPORT_ERROR_NAMES.has(error.name) || error.message === 'Connection closed';
  }
  return false;
}

function describe(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
