import { type ArgumentMetadata, ValidationPipe } from '@nestjs/common';
import type { ValidationError } from 'class-validator';
import { ILL_FORMED_TEXT_MESSAGE, isWellFormedDeep } from '@dblearn/contracts';
import { validationMessages } from '@dblearn/contracts/dto';
import { badRequest } from '../errors/rpc-errors.js';

/**
 * Validates every message payload against the DTO its handler declares (from
 * @dblearn/contracts/dto): unknown fields and wrong types are refused with 400 and one sentence per
 * broken rule, worded as the gateway words them (`validationMessages`). The gateway validates too, but a service never trusts its callers.
 */
export function createRpcValidationPipe(): ValidationPipe {
  return new WellFormedValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    // Plain JSON only: no implicit conversion, so `{ "$gt": "" }` stays an object and fails as one.
    transformOptions: { enableImplicitConversion: false },
    validationError: { target: false, value: false },
    exceptionFactory: (errors: ValidationError[]) => badRequest(validationMessages(errors)),
  });
}

/** Refuses a payload holding a lone UTF-16 surrogate before any validator sees it (issue 17 #9). */
class WellFormedValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (!isWellFormedDeep(value)) throw badRequest(ILL_FORMED_TEXT_MESSAGE);
    return super.transform(value, metadata);
  }
}

/** @deprecated the same as `validationMessages` from @dblearn/contracts/dto (one wording everywhere). */
export const validationSentences = validationMessages;
