import { MAX_ERROR_MESSAGES } from '@dblearn/contracts';
import { BadRequestException, ValidationPipe } from '@nestjs/common';
import { validationMessages } from '@dblearn/contracts/dto';

/**
 * The gateway's one validation pipe (CONTRACT "Conventions"): unknown fields are refused, every
 * value is checked for type (so `{"$gt": ""}` where text belongs is a 400, never a query), and
 * the 400 lists one readable sentence per broken field, worded as the services word them.
 */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => new BadRequestException(capMessages(validationMessages(errors))),
  });
}

/** A body with 9,000 unknown keys once got a 341 kB answer (issue 6): the first few say enough. */
export function capMessages(messages: readonly string[], max: number = MAX_ERROR_MESSAGES): string[] {
  if (messages.length <= max) return [...messages];
  const more = messages.length - max;
  return [...messages.slice(0, max), `…and ${more} more problem${more === 1 ? '' : 's'}.`];
}
