import { lazy, Suspense } from 'react';
import type { SqlEditorProps } from './sql-editor.js';

// CodeMirror loads with the first editor a page shows, never with the page itself.
const SqlEditor = lazy(() => import('./sql-editor.js'));

/**
 * The SQL editor for forms and checks, loaded on first use. Until CodeMirror arrives a plain text
 * area with the same name and value stands in, so nothing typed is lost and the layout does not jump.
 */
export function LazySqlEditor(props: SqlEditorProps) {
  const { value, onChange, label, describedBy } = props;
  return (
    <Suspense
      fallback={
        <textarea className="dbl-runnable__fallback" value={value} onChange={(event) => onChange(event.target.value)} aria-label={label} aria-describedby={describedBy} rows={Math.max(3, value.split('\n').length)} />
      }
    >
      <SqlEditor {...props} />
    </Suspense>
  );
}
