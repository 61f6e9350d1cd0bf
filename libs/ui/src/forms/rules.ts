import { lengthMessage, requiredMessage, type Range } from '@dblearn/contracts';
import type { FieldError as FormFieldError } from 'react-hook-form';

/**
 * react-hook-form rules for a text field from its SPEC §5 range (libs/contracts LIMITS), with the
 * sentences the gateway uses. A field is required when asked, or when its range starts above 0.
 */
export function textRules(label: string, range: Range, { required = range.min > 0 }: { required?: boolean } = {}) {
  const message = lengthMessage(label, range);
  return {
    ...(required ? { required: requiredMessage(label) } : {}),
    ...(range.min > 1 ? { minLength: { value: range.min, message } } : {}),
    maxLength: { value: range.max, message },
  };
}

/**
 * Every broken rule of one field (criteriaMode 'all' keeps them in `types`), or the one message a
 * server refusal set.
 */
export function fieldMessages(error: FormFieldError | undefined): string[] {
  if (!error) return [];
  const fromTypes = Object.values(error.types ?? {}).flatMap((value) =>
    typeof value === 'string' ? [value] : Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [],
  );
  const messages = fromTypes.length > 0 ? fromTypes : error.message ? [error.message] : [];
  return [...new Set(messages)];
}
