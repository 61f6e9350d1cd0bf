import type { ReactNode } from 'react';
import { FieldFrame, type FieldError } from '../components/field.js';
import { LazyJsonEditor, LazyMongoEditor, LazySqlEditor } from './lazy-sql-editor.js';
import type { SqlEditorProps } from './sql-editor.js';

export interface CodeFieldProps extends Omit<SqlEditorProps, 'describedBy' | 'id' | 'invalid'> {
  /** SQL (the default), JSON or ```mongo query highlighting. */
  language?: 'sql' | 'json' | 'mongo';
  /** The field's broken rules and the server's refusal, shown under the editor and read with it. */
  error?: FieldError;
  /** A line under the editor that says what goes in it. */
  hint?: ReactNode;
}

const EDITORS = { sql: LazySqlEditor, json: LazyJsonEditor, mongo: LazyMongoEditor } as const;

/**
 * A form field holding code (check queries, sandbox scripts): the kit's field frame around the lazily
 * loaded editor. CodeMirror's text is no form element, so the editor carries its name itself.
 */
export function CodeField({ language = 'sql', error, hint, label, ...editor }: CodeFieldProps) {
  const Editor = EDITORS[language];
  return (
    <FieldFrame
      label={label}
      error={error}
      hint={hint}
      formControl={false}
      control={(a11y) => <Editor {...editor} label={label} id={a11y.id} invalid={a11y['aria-invalid']} describedBy={a11y['aria-describedby']} />}
    />
  );
}
