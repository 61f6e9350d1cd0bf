import { LEVEL_LABELS, LIMITS, lengthMessage, requiredMessage, SKILLS, type Skill } from '@dblearn/contracts';
import type { FieldError as FormFieldError } from 'react-hook-form';

const { email, password } = LIMITS.user;

// The username is the e-mail: its sentences name it as the gateway's do, so both sides read alike.
export const emailRules = {
  required: requiredMessage('E-mail'),
  minLength: { value: email.min, message: lengthMessage('E-mail', email) },
  maxLength: { value: email.max, message: lengthMessage('E-mail', email) },
};

export const passwordRules = {
  required: requiredMessage('Password'),
  minLength: { value: password.min, message: lengthMessage('Password', password) },
  maxLength: { value: password.max, message: lengthMessage('Password', password) },
};

export const skillRules = { required: requiredMessage('Skill') };

export const SKILL_OPTIONS = SKILLS.map((skill: Skill) => ({ value: skill, label: LEVEL_LABELS[skill] }));

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
