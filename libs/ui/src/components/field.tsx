import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';

/** A field's broken rules: one sentence, several, or none. */
export type FieldError = string | readonly string[] | null | undefined;

export function errorMessages(error: FieldError): string[] {
  if (!error) return [];
  return (typeof error === 'string' ? [error] : [...error]).filter((message) => message.length > 0);
}

/**
 * The error text under a field. Its id goes into the control's aria-describedby, so the messages
 * are the control's accessible description, and role="alert" announces them as they appear.
 */
export function FieldErrorText({ id, messages }: { id: string; messages: string[] }) {
  if (messages.length === 0) return null;
  return (
    <p id={id} className="dbl-field__error" role="alert">
      {messages.map((message, index) => (
        <span key={index} className="dbl-field__message">
          {index > 0 ? ' ' : null}
          {message}
        </span>
      ))}
    </p>
  );
}

interface FieldFrameProps {
  label: ReactNode;
  error: FieldError;
  /** A line under the control that says what goes in it; the control is described by it (then by the errors). */
  hint?: ReactNode;
  /**
   * False for a control that is no form element (a code editor): a label's `for` cannot point at it,
   * so the label only shows its name and the control carries that name itself (aria-label).
   */
  formControl?: boolean;
  /** Renders the control with the id and aria attributes that tie it to its label, hint and errors. */
  control: (a11y: ControlA11yProps) => ReactNode;
}

interface ControlA11yProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** Label, control, hint and error text, wired together for assistive technology: every labelled field of the kit. */
export function FieldFrame({ label, error, hint, formControl = true, control }: FieldFrameProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const messages = errorMessages(error);
  const invalid = messages.length > 0;
  const describedBy = [hint ? hintId : null, invalid ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={invalid ? 'dbl-field dbl-field--invalid' : 'dbl-field'}>
      <label className="dbl-field__label" htmlFor={formControl ? id : undefined}>
        {label}
      </label>
      {control({ id, 'aria-invalid': invalid || undefined, 'aria-describedby': describedBy })}
      {hint ? (
        <p id={hintId} className="dbl-field__hint">
          {hint}
        </p>
      ) : null}
      <FieldErrorText id={errorId} messages={messages} />
    </div>
  );
}

export interface TextFieldProps extends Omit<ComponentPropsWithRef<'input'>, 'id'> {
  label: ReactNode;
  error?: FieldError;
  /** A line under the input that says what goes in it (FieldFrame). */
  hint?: ReactNode;
}

export function TextField({ label, error, hint, className, ...inputProps }: TextFieldProps) {
  return (
    <FieldFrame
      label={label}
      error={error}
      hint={hint}
      control={(a11y) => <input className={['dbl-field__control', className].filter(Boolean).join(' ')} {...a11y} {...inputProps} />}
    />
  );
}

export interface TextAreaFieldProps extends Omit<ComponentPropsWithRef<'textarea'>, 'id'> {
  label: ReactNode;
  error?: FieldError;
}

export function TextAreaField({ label, error, className, rows = 5, ...textareaProps }: TextAreaFieldProps) {
  return (
    <FieldFrame
      label={label}
      error={error}
      control={(a11y) => (
        <textarea rows={rows} className={['dbl-field__control', className].filter(Boolean).join(' ')} {...a11y} {...textareaProps} />
      )}
    />
  );
}

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps extends Omit<ComponentPropsWithRef<'select'>, 'id' | 'children'> {
  label: ReactNode;
  error?: FieldError;
  options: readonly SelectOption[];
  /** The first, empty choice ("Choose a topic"): a required select starts on it. */
  placeholder?: string;
}

export function SelectField({ label, error, options, placeholder, className, ...selectProps }: SelectFieldProps) {
  return (
    <FieldFrame
      label={label}
      error={error}
      control={(a11y) => (
        <select className={['dbl-field__control', className].filter(Boolean).join(' ')} {...a11y} {...selectProps}>
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    />
  );
}
