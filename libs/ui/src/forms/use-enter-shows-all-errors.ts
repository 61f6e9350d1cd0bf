import type { KeyboardEvent } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';

/**
 * The submit button is disabled while the form is invalid, and a browser then ignores Enter in a
 * field. Enter still counts as "submit" for SPEC §5: it shows every broken rule at once.
 */
export function useEnterShowsAllErrors<Values extends FieldValues>({ trigger, formState }: UseFormReturn<Values>) {
  const { isValid } = formState;
  return (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== 'Enter' || isValid || !(event.target instanceof HTMLInputElement)) return;
    event.preventDefault();
    void trigger(undefined, { shouldFocus: true });
  };
}
