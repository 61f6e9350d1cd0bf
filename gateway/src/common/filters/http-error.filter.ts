import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { isServerFault, toErrorEnvelope } from './error-envelope.js';

/**
 * Global: every error answer, from a guard, a pipe, a handler, a service call, the router's 404 or
 * the body parser, goes out as the CONTRACT envelope. Faults of ours are logged with their stack
 * here (never sent); outages are logged as one warning naming the cause.
 */
@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpError');

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<Request>();
    const response = http.getResponse<Response>();
    const body = toErrorEnvelope(exception);
    this.log(exception, body.statusCode, request);
    if (response.headersSent) {
      // Too late for a clean answer: end it rather than leave the client waiting.
      response.end();
      return;
    }
    // Issue 30: every 429 says when to retry; a service's own (svc-users' hash gate) cannot set the header.
    if (body.statusCode === 429 && !response.getHeader('Retry-After')) response.setHeader('Retry-After', '1');
    // Set outright: a handler may have declared another type (POST /auth answers text/plain).
    response.status(body.statusCode).type('application/json').json(body);
  }

  private log(exception: unknown, statusCode: number, request: Request): void {
    const where = `${request.method} ${request.path}`;
    if (isServerFault(statusCode)) {
      const fault = exception instanceof HttpException && exception.cause instanceof Error ? exception.cause : exception;
      const stack = fault instanceof Error ? fault.stack : String(fault);
      this.logger.error(`${where} failed: ${fault instanceof Error ? fault.message : 'non-error thrown'}`, stack);
    } else if (statusCode >= 500 && exception instanceof HttpException) {
      const cause = describeCauses(exception.cause);
      this.logger.warn(`${where}: ${exception.message}${cause ? ` (${cause})` : ''}`);
    }
  }
}

/** `Name: message ← Name: message`, down the chain of causes (a NATS error wrapped by ours). */
function describeCauses(cause: unknown, depth = 0): string {
  if (cause === undefined || cause === null || depth > 3) return '';
  if (!(cause instanceof Error)) return String(cause);
  const inner = describeCauses(cause.cause, depth + 1);
  return `${cause.name}: ${cause.message}${inner ? ` ← ${inner}` : ''}`;
}
