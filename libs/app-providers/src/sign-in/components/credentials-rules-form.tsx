import { fieldMessages, useRulesForm } from '@dblearn/ui';
import { apiErrorMessage, isClientError } from '@dblearn/web';
import { useLayoutEffect, type RefObject } from 'react';
import { DISPLAY_NAME_TAKEN_MESSAGE } from '@dblearn/contracts';
import { displayNameRules, emailRules, passwordRules, skillRules } from './credential-rules.js';
import type { CredentialsFormProps, FormSnapshot } from './credentials-form.js';
import { CredentialsFormView, type CredentialsField } from './credentials-form-view.js';

const FIELDS: readonly CredentialsField[] = ['email', 'password', 'skill', 'displayName'];

export interface CredentialsRulesFormProps extends CredentialsFormProps {
  /** What the person did in the form before its rules arrived. */
  before: FormSnapshot;
  formRef: RefObject<HTMLFormElement | null>;
}

/**
 * The credentials form with its rules (react-hook-form through useRulesForm): each field checked as
 * it changes, all of them on submit or Enter, and a refusal from the server under the username.
 */
export default function CredentialsRulesForm({ kind, onSubmit, refusalFallback, before, formRef }: CredentialsRulesFormProps) {
  const {
    register,
    handleSubmit,
    setError,
    trigger,
    onEnter,
    formState: { errors, isValid, isSubmitting },
  } = useRulesForm(before.values);

  // Carried over from before the rules loaded, in the same commit as the swap: focus stays where it
  // was, what was typed is checked, and an Enter already pressed shows every error.
  useLayoutEffect(() => {
    const focused = formRef.current?.elements[before.focusIndex];
    if (focused instanceof HTMLElement) focused.focus();
    if (before.submitRequested) void trigger(undefined, { shouldFocus: true });
    else {
      const typed = FIELDS.filter((name) => before.values[name] !== '');
      if (typed.length > 0) void trigger(typed);
    }
  }, [before, formRef, trigger]);

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      // SPEC §8: a refusal (400/401) is shown under the username; anything else already raised a toast.
      if (!isClientError(error)) return;
      const message = apiErrorMessage(error) ?? refusalFallback;
      // A refusal about the display name goes under it; any other under the username.
      const aboutName = message === DISPLAY_NAME_TAKEN_MESSAGE || message?.startsWith('Display name') === true;
      if (message) setError(aboutName ? 'displayName' : 'email', { type: 'server', message });
    }
  });

  return (
    <CredentialsFormView
      kind={kind}
      inputs={{
        email: register('email', emailRules),
        password: register('password', passwordRules),
        // Registered only where it is shown: a rule on a field that is not there never holds.
        skill: kind === 'register' ? register('skill', skillRules) : { name: 'skill' },
        displayName: kind === 'register' ? register('displayName', displayNameRules) : { name: 'displayName' },
      }}
      errors={{
        email: fieldMessages(errors.email),
        password: fieldMessages(errors.password),
        skill: fieldMessages(errors.skill),
        displayName: fieldMessages(errors.displayName),
      }}
      submitDisabled={!isValid || isSubmitting}
      form={{ ref: formRef, onSubmit: submit, onKeyDown: onEnter }}
    />
  );
}
