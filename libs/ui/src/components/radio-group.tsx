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
  /** A line under the legend that says how to answer; the group is described by it (then by the errors). */
  hint?: ReactNode;
}

/**
 * A fieldset of radios. The remaining props (onChange, onBlur, ref, checked handling...) go to every
 * radio, so a form library's `register('skill')` result can be spread straight in.
 */
export function RadioGroup(props: RadioGroupProps) {
  return <OptionGroup {...props} type="radio" />;
}

/** A fieldset of checkboxes sharing one name (several may be chosen); `register('choices')` collects the checked values. */
export function CheckboxGroup(props: RadioGroupProps) {
  return <OptionGroup {...props} type="checkbox" />;
}

function OptionGroup({ legend, name, options, error, hint, className, type, ...inputProps }: RadioGroupProps & { type: 'radio' | 'checkbox' }) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const messages = errorMessages(error);
  const invalid = messages.length > 0;
  const describedBy = [hint ? hintId : null, invalid ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset
      className={['dbl-field', 'dbl-radio-group', invalid ? 'dbl-field--invalid' : null, className].filter(Boolean).join(' ')}
      aria-describedby={describedBy}
    >
      <legend className="dbl-field__label">{legend}</legend>
      {hint ? (
        <p id={hintId} className="dbl-field__hint">
          {hint}
        </p>
      ) : null}
      <div className="dbl-radio-group__options">
        {options.map((option) => {
          const optionId = `${id}-${option.value}`;
          return (
            <div key={option.value} className="dbl-radio-group__option">
              <input id={optionId} type={type} name={name} value={option.value} aria-invalid={invalid || undefined} {...inputProps} />
              <label htmlFor={optionId}>{option.label}</label>
            </div>
          );
        })}
      </div>
      <FieldErrorText id={errorId} messages={messages} />
    </fieldset>
  );
}
