import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import { errorMessages, FieldErrorText, type FieldError } from './field.js';

export interface RadioOption {
  value: string;
  label: ReactNode;
}

export interface RadioGroupProps extends Omit<ComponentPropsWithRef<'input'>, 'type' | 'value' | 'id'> {
  legend: ReactNode;
  /** The input's name: every radio of the group shares it. */
  name: string;
  options: readonly RadioOption[];
  error?: FieldError;
}

/**
 * A fieldset of radios. The remaining props (onChange, onBlur, ref, checked handling...) go to every
 * radio, so a form library's `register('skill')` result can be spread straight in.
 */
export function RadioGroup({ legend, name, options, error, className, ...inputProps }: RadioGroupProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const messages = errorMessages(error);
  const invalid = messages.length > 0;
  return (
    <fieldset
      className={['dbl-field', 'dbl-radio-group', invalid ? 'dbl-field--invalid' : null, className].filter(Boolean).join(' ')}
      aria-describedby={invalid ? errorId : undefined}
    >
      <legend className="dbl-field__label">{legend}</legend>
      <div className="dbl-radio-group__options">
        {options.map((option) => {
          const optionId = `${id}-${option.value}`;
          return (
            <div key={option.value} className="dbl-radio-group__option">
              <input id={optionId} type="radio" name={name} value={option.value} aria-invalid={invalid || undefined} {...inputProps} />
              <label htmlFor={optionId}>{option.label}</label>
            </div>
          );
        })}
      </div>
      <FieldErrorText id={errorId} messages={messages} />
    </fieldset>
  );
}
