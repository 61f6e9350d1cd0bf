import { useId, type ReactNode } from 'react';
import { FieldErrorText } from '../components/field.js';
import { LazyJsonEditor, LazySqlEditor } from './lazy-sql-editor.js';
import type { SqlEditorProps } from './sql-editor.js';

export interface CodeFieldProps extends Omit<SqlEditorProps, 'describedBy'> {
  /** SQL (the default) or JSON highlighting. */
  language?: 'sql' | 'json';
  /** The field's broken rules and the server's refusal, shown under the editor and read with it. */
  errors: string[];
  /** A line under the editor that says what goes in it. */
  hint?: ReactNode;
}

/** A form field holding code: its label, the lazily loaded editor, a hint and the errors (check queries, sandbox scripts). */
export function CodeField({ language = 'sql', errors, hint, label, ...editor }: CodeFieldProps) {
  const hintId = useId();
  const errorId = useId();
  const Editor = language === 'json' ? LazyJsonEditor : LazySqlEditor;
  const describedBy = [hint ? hintId : '', errors.length > 0 ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={errors.length > 0 ? 'dbl-field dbl-field--invalid' : 'dbl-field'}>
      <span className="dbl-field__label">{label}</span>
      <Editor {...editor} label={label} describedBy={describedBy} />
      {hint ? (
        <p id={hintId} className="dbl-field__hint">
          {hint}
        </p>
      ) : null}
      <FieldErrorText id={errorId} messages={errors} />
    </div>
  );
}
