import { lazy, Suspense, type ComponentType } from 'react';
import type { SqlEditorProps } from './sql-editor.js';

// CodeMirror loads with the first editor a page shows, never with the page itself.
const SqlEditor = lazy(() => import('./sql-editor.js'));
const JsonEditor = lazy(() => import('./json-editor.js'));
const MongoEditor = lazy(() => import('./mongo-editor.js'));

/**
 * An editor loaded on first use. Until CodeMirror arrives a plain text area with the same name and
 * value stands in, so nothing typed is lost and the layout does not jump.
 */
function LazyEditor({ Editor, ...props }: SqlEditorProps & { Editor: ComponentType<SqlEditorProps> }) {
  const { value, onChange, label, describedBy, id, invalid } = props;
  return (
    <Suspense
      fallback={
        <textarea
          className="dbl-runnable__fallback"
          id={id}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-label={label}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          rows={Math.max(3, value.split('\n').length)}
        />
      }
    >
      <Editor {...props} />
    </Suspense>
  );
}

/** The SQL editor for forms and checks, loaded on first use. */
export function LazySqlEditor(props: SqlEditorProps) {
  return <LazyEditor Editor={SqlEditor} {...props} />;
}

/** The JSON editor (a mongo sandbox), loaded on first use. */
export function LazyJsonEditor(props: SqlEditorProps) {
  return <LazyEditor Editor={JsonEditor} {...props} />;
}

/** The ```mongo query editor (a mongo check), loaded on first use. */
export function LazyMongoEditor(props: SqlEditorProps) {
  return <LazyEditor Editor={MongoEditor} {...props} />;
}
