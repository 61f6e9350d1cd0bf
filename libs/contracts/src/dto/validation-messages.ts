import type { ValidationError } from 'class-validator';

/** class-validator's type checks: when one fails, the other rules of that field say nothing useful. */
const TYPE_RULES = new Set(['isString', 'isNumber', 'isInt', 'isBoolean', 'isArray', 'isObject', 'isDateString']);

/**
 * The one wording of validation refusals, in the gateway and in every service: class-validator's
 * tree flattened into one sentence per broken rule, nested fields named by their path, an unknown
 * field as `The field "x" is not allowed.`. A field of the wrong type gets only its type sentence:
 * `{"email": {}}` is "E-mail must be text.", not also a complaint about its length.
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
