import { MAX_ERROR_MESSAGES } from '@dblearn/contracts';
import { BadRequestException, ValidationPipe } from '@nestjs/common';
import type { ValidationError } from 'class-validator';

/**
 * The gateway's one validation pipe (CONTRACT "Conventions"): unknown fields are refused, every
 * value is checked for type (so `{"$gt": ""}` where text belongs is a 400, never a query), and
 * the 400 lists one readable sentence per broken field.
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

/** class-validator's type checks: when one fails, the other rules of that field say nothing useful. */
const TYPE_RULES = new Set(['isString', 'isNumber', 'isInt', 'isBoolean', 'isArray', 'isObject', 'isDateString']);

/**
 * Flattens class-validator's tree into sentences; nested fields are named by their path. A field
 * of the wrong type gets only its type sentence: `{"email": {}}` is "E-mail must be text.", not
 * also a complaint about its length.
 */
export function validationMessages(errors: readonly ValidationError[], parentPath = ''): string[] {
  const messages: string[] = [];
  for (const error of errors) {
    const path = parentPath ? `${parentPath}.${error.property}` : error.property;
    const rules = Object.entries(error.constraints ?? {});
    const typeRules = rules.filter(([rule]) => TYPE_RULES.has(rule));
    for (const [rule, message] of typeRules.length > 0 ? typeRules : rules) {
      messages.push(rule === 'whitelistValidation' ? `The field "${path}" is not allowed.` : message);
    }
    if (error.children?.length) messages.push(...validationMessages(error.children, path));
  }
  return messages;
}

/** A body with 9,000 unknown keys once got a 341 kB answer (issue 6): the first few say enough. */
export function capMessages(messages: readonly string[], max: number = MAX_ERROR_MESSAGES): string[] {
  if (messages.length <= max) return [...messages];
  const more = messages.length - max;
  return [...messages.slice(0, max), `…and ${more} more problem${more === 1 ? '' : 's'}.`];
}
