import { registerDecorator, type ValidationArguments } from 'class-validator';
import { CHECK_COUNTS, LIMITS } from '../limits.js';

// class-validator rules for the union-typed fields of checks and attempts (a decorator per field
// cannot say "a number or a list of text").

const { setItem } = LIMITS.check;

function isTextList(value: unknown): value is string[] {
  return (
    Array.isArray(value) &&
    value.length >= CHECK_COUNTS.items.min &&
    value.length <= CHECK_COUNTS.items.max &&
    value.every((item) => typeof item === 'string' && item.length >= setItem.min && item.length <= setItem.max)
  );
}

function isIndexList(value: unknown): value is number[] {
  return Array.isArray(value) && value.length <= CHECK_COUNTS.items.max && value.every((item) => Number.isInteger(item) && (item as number) >= 0);
}

function rule(name: string, message: string, validate: (value: unknown, args: ValidationArguments) => boolean): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({ name, target: target.constructor, propertyName: String(propertyName), options: { message }, validator: { validate } });
}

/** A quiz's own answer: a finite number (number quiz) or 1–50 items of 1–500 characters (set quiz); which one svc-content checks against `type`. */
export const IsQuizKey = () =>
  rule(
    'isQuizKey',
    `A number quiz's answer is a number; a set quiz's answer is a list of ${CHECK_COUNTS.items.min} to ${CHECK_COUNTS.items.max} items of ${setItem.min} to ${setItem.max} characters.`,
    (value) => (typeof value === 'number' && Number.isFinite(value)) || isTextList(value),
  );

/** A learner's answer to a quiz: option indexes (choice), a finite number (number) or items (set). */
export const IsQuizAnswer = () =>
  rule(
    'isQuizAnswer',
    `answer must be a list of option indexes, a number, or a list of ${CHECK_COUNTS.items.min} to ${CHECK_COUNTS.items.max} items of ${setItem.min} to ${setItem.max} characters.`,
    (value) => (typeof value === 'number' && Number.isFinite(value)) || isIndexList(value) || isTextList(value),
  );

/** An attempt carries exactly one of sql, query and answer. */
export const OnlyOneAnswer = () =>
  rule('onlyOneAnswer', 'Send exactly one of sql, query or answer.', (_value, { object }) => {
    const attempt = object as { sql?: unknown; query?: unknown; answer?: unknown };
    return [attempt.sql, attempt.query, attempt.answer].filter((part) => part !== undefined && part !== null).length === 1;
  });
