import { ValidationPipe } from '@nestjs/common';
import type { ValidationError } from 'class-validator';
import { badRequest } from '../errors/rpc-errors.js';

/**
 * Validates every message payload against the DTO its handler declares (from
 * @dblearn/contracts/dto): unknown fields and wrong types are refused with 400 and one sentence per
 * broken rule. The gateway validates too, but a service never trusts its callers.
 */
export function createRpcValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    // Plain JSON only: no implicit conversion, so `{ "$gt": "" }` stays an object and fails as one.
    transformOptions: { enableImplicitConversion: false },
    validationError: { target: false, value: false },
    exceptionFactory: (errors: ValidationError[]) => badRequest(validationSentences(errors)),
  });
}

/** One readable sentence per broken rule, nested properties included, in the order of the DTO. */
export function validationSentences(errors: readonly ValidationError[], parentPath = ''): string[] {
  const sentences: string[] = [];
  for (const error of errors) {
    const path = parentPath ? `${parentPath}.${error.property}` : error.property;
    for (const [rule, message] of Object.entries(error.constraints ?? {})) {
      sentences.push(rule === 'whitelistValidation' ? `${path} is not an allowed field.` : message);
    }
    if (error.children?.length) sentences.push(...validationSentences(error.children, path));
  }
  return sentences;
}
