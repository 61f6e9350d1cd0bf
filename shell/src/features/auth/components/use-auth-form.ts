import { useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import { useEnterShowsAllErrors } from './use-enter-shows-all-errors.js';

/** SPEC §5 for the sign-in forms: every rule checked per field on change, all of them on submit. */
export function useAuthForm<Values extends FieldValues>(defaultValues: DefaultValues<Values>) {
  const form = useForm<Values>({ mode: 'onChange', criteriaMode: 'all', defaultValues });
  return { ...form, onEnter: useEnterShowsAllErrors(form) };
}
