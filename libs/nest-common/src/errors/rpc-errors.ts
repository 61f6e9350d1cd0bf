import { isRpcErrorBody, type RpcErrorBody } from '@dblearn/contracts';
import { HttpException } from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import mongoose from 'mongoose';

/** The one body a caller sees for anything we did not foresee: no detail, ever. */
export const INTERNAL_ERROR_BODY: Readonly<RpcErrorBody> = Object.freeze({ statusCode: 500, message: 'Internal error.' });

/** A refusal the gateway answers with the same HTTP status (BRIEF "Runtime conventions"). */
export function rpcError(statusCode: number, message: string | string[]): RpcException {
  return new RpcException({ statusCode, message } satisfies RpcErrorBody);
}

export const badRequest = (message: string | string[]): RpcException => rpcError(400, message);
export const forbidden = (message: string): RpcException => rpcError(403, message);
export const notFound = (message: string): RpcException => rpcError(404, message);
export const conflict = (message: string): RpcException => rpcError(409, message);
export const serviceUnavailable = (message: string): RpcException => rpcError(503, message);

/** MongoDB's duplicate-key error (E11000), whether it comes from the driver or wrapped by mongoose. */
export function isDuplicateKeyError(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 3; depth += 1) {
    if (typeof current !== 'object') return false;
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (code === 11000 || code === 11001) return true;
    current = cause;
  }
  return false;
}

export interface MappedError {
  body: RpcErrorBody;
  /** True when the caller got the bare 500: the server logs the original with its stack. */
  unexpected: boolean;
}

/**
 * What a caller may learn from an exception. Deliberate refusals (RpcException with a proper body,
 * Nest's HttpExceptions) keep their status and message; a document that breaks a schema rule or an
 * id that cannot be cast is the caller's mistake (400) and is told in a sentence; everything else
 * becomes the bare 500.
 */
export function toRpcErrorBody(exception: unknown): MappedError {
  if (exception instanceof RpcException) {
    const error = exception.getError();
    if (isRpcErrorBody(error) && error.statusCode >= 400 && error.statusCode <= 599) {
      return { body: { statusCode: error.statusCode, message: error.message }, unexpected: false };
    }
    return { body: { ...INTERNAL_ERROR_BODY }, unexpected: true };
  }
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    if (status >= 500) return { body: { ...INTERNAL_ERROR_BODY }, unexpected: true };
    return { body: { statusCode: status, message: httpExceptionMessage(exception) }, unexpected: false };
  }
  if (exception instanceof mongoose.Error.ValidationError) {
    const sentences = Object.values(exception.errors).map(validatorSentence);
    return { body: { statusCode: 400, message: sentences.length > 0 ? sentences : 'The data is not valid.' }, unexpected: false };
  }
  if (exception instanceof mongoose.Error.CastError) {
    return { body: { statusCode: 400, message: castSentence(exception) }, unexpected: false };
  }
  return { body: { ...INTERNAL_ERROR_BODY }, unexpected: true };
}

function httpExceptionMessage(exception: HttpException): string | string[] {
  const response = exception.getResponse();
  if (typeof response === 'string') return response;
  const { message } = response as { message?: unknown };
  if (typeof message === 'string') return message;
  if (Array.isArray(message) && message.every((item) => typeof item === 'string')) return message;
  return exception.message;
}

function validatorSentence(error: mongoose.Error.ValidatorError | mongoose.Error.CastError): string {
  if (error instanceof mongoose.Error.CastError) return castSentence(error);
  switch (error.kind) {
    case 'required':
      return `${error.path} is required.`;
    case 'enum':
      return `${error.path} has a value that is not allowed.`;
    case 'maxlength':
      return `${error.path} is too long.`;
    case 'minlength':
      return `${error.path} is too short.`;
    default:
      return `${error.path} is not valid.`;
  }
}

function castSentence(error: mongoose.Error.CastError): string {
  return error.kind === 'ObjectId' ? `${error.path} must be a valid id.` : `${error.path} has the wrong type.`;
}
