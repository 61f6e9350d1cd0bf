import type { KeyboardEvent } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';

/**
 * The submit button is disabled while the form is invalid, and a browser then ignores Enter in a
 * field. Enter still counts as "submit" for SPEC §5: it shows every broken rule at once.
 *
 * `isValid` is the last render's: the keystroke (or autofill) that makes the form valid may not have
 * re-rendered yet when Enter arrives. So Enter validates the current values itself and submits when
 * they pass, instead of trusting a stale "invalid".
 */
export function useEnterShowsAllErrors<Values extends FieldValues>({ trigger, formState }: UseFormReturn<Values>) {
  const { isValid } = formState;
  return (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== 'Enter' || isValid || !(event.target instanceof HTMLInputElement)) return;
    event.preventDefault();
    const form = event.currentTarget;
    void trigger(undefined, { shouldFocus: true }).then((valid) => {
      if (valid) form.requestSubmit();
    });
  };
}
