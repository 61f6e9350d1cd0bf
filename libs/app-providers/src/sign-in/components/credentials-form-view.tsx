import { DISPLAY_NAME_LIMITS, FIELD_LABELS, LEVEL_LABELS, SKILLS, type Skill } from '@dblearn/contracts';
import { Button, RadioGroup, TextField, type FieldError } from '@dblearn/ui';
import type { ComponentPropsWithRef } from 'react';

export type CredentialsKind = 'login' | 'register';
export type CredentialsField = 'email' | 'password' | 'skill' | 'displayName';

/** The radio group starts with nothing chosen; only the Register form has it. */
export interface CredentialsValues {
  email: string;
  password: string;
  skill: Skill | '';
  /** Register only, optional (issue 36): empty means "give me a learner-1234 name for now". */
  displayName: string;
}

/** What each form is called (its button says the same) and how password managers should treat it. */
const KINDS = {
  login: { label: 'Login', passwordAutoComplete: 'current-password' },
  register: { label: 'Register', passwordAutoComplete: 'new-password' },
} as const;

export const SKILL_OPTIONS = SKILLS.map((skill: Skill) => ({ value: skill, label: LEVEL_LABELS[skill] }));

/** What goes on one input: a form library's `register(name)` result, or just the name. */
export type CredentialsInput = Omit<ComponentPropsWithRef<'input'>, 'id' | 'type' | 'value'> & { name: CredentialsField };

export interface CredentialsFormViewProps {
  kind: CredentialsKind;
  inputs: Record<CredentialsField, CredentialsInput>;
  errors?: Partial<Record<CredentialsField, FieldError>>;
  submitDisabled: boolean;
  form: Pick<ComponentPropsWithRef<'form'>, 'ref' | 'onSubmit' | 'onKeyDown' | 'onFocus' | 'onPointerEnter' | 'onInput'>;
}

/** What the optional display name is for, and its rules, under the field (issue 36). */
export const DISPLAY_NAME_HINT = `Shown on the forum instead of your e-mail: ${DISPLAY_NAME_LIMITS.min}–${DISPLAY_NAME_LIMITS.max} letters, digits, spaces, ".", "_" or "-".`;

/**
 * SPEC §5 "Login" and "Register": Username (the e-mail) and Password, and for Register a skill and
 * an optional display name (issue 36: what others see instead of the e-mail).
 * The same markup before and after the rules load, so the swap keeps every field in its place.
 */
export function CredentialsFormView({ kind, inputs, errors = {}, submitDisabled, form }: CredentialsFormViewProps) {
  const { label, passwordAutoComplete } = KINDS[kind];
  return (
    <form className="auth-form" noValidate aria-label={label} {...form}>
      <TextField label="Username" type="email" autoComplete="username" error={errors.email} {...inputs.email} />
      <TextField label={FIELD_LABELS.user.password} type="password" autoComplete={passwordAutoComplete} error={errors.password} {...inputs.password} />
      {kind === 'register' ? (
        <>
          <TextField
            label="Display name (optional)"
            hint={DISPLAY_NAME_HINT}
            autoComplete="nickname"
            error={errors.displayName}
            {...inputs.displayName}
          />
          <RadioGroup legend={FIELD_LABELS.user.skill} options={SKILL_OPTIONS} error={errors.skill} {...inputs.skill} />
        </>
      ) : null}
      <Button type="submit" disabled={submitDisabled}>
        {label}
      </Button>
    </form>
  );
}
