import { useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import { useEnterShowsAllErrors } from './use-enter-shows-all-errors.js';

/**
 * SPEC §5 for every form: each rule checked per field on change, all of them on submit (and on
 * Enter while the disabled submit button ignores it). Spread `onEnter` into the form's onKeyDown.
 */
export function useRulesForm<Values extends FieldValues>(defaultValues: DefaultValues<Values>) {
  const form = useForm<Values>({ mode: 'onChange', criteriaMode: 'all', defaultValues });
  return { ...form, onEnter: useEnterShowsAllErrors(form) };
}
