import { lazy, Suspense, useId, useState } from 'react';
import { useLabEngine } from '@dblearn/web';
import { Button } from '../components/button.js';
import { EngineSwitch } from './engine-switch.js';
import { useGetSandboxQuery } from './get-sandbox.js';

// The tables are worked out in the browser (sql.js in the worker, or the JSON itself) only when opened.
const SchemaPanel = lazy(() => import('./schema-panel.js'));

/**
 * "Show the practice database" on a lesson page whose course has a sandbox: each table with its
 * columns and first rows (a mongo sandbox: each collection with its fields and a document or two).
 * Nothing shows for a course without one.
 */
export function SandboxSchema({ courseId, headingLevel = 2 }: { courseId: string; headingLevel?: 2 | 3 }) {
  const sandbox = useGetSandboxQuery(courseId);
  const [engine] = useLabEngine();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const headingId = useId();
  if (!sandbox.data) return null;
  const Heading = `h${headingLevel}` as const;
  const what = sandbox.data.kind === 'mongo' ? 'collections' : 'tables';
  const isSql = sandbox.data.kind === 'sql';
  return (
    <section className="dbl-schema" aria-labelledby={headingId}>
      <div className="dbl-schema__head">
        <Heading id={headingId} className="dbl-schema__title">
          Practice database
        </Heading>
        <div className="dbl-schema__actions">
          {isSql ? <EngineSwitch /> : null}
          <Button variant="secondary" aria-expanded={open} aria-controls={open ? panelId : undefined} onClick={() => setOpen(!open)}>
            {open ? `Hide the ${what}` : `Show the ${what}`}
          </Button>
        </div>
      </div>
      {open ? (
        <div id={panelId} className="dbl-schema__panel">
          {/* The server's run answers rows, not a catalog: the tables are read with SQLite either way, and the panel says so. */}
          {isSql && engine === 'postgres' ? <p className="dbl-runnable__engine">Diagram from SQLite: the same script on PostgreSQL may type some columns differently.</p> : null}
          <Suspense fallback={<p className="dbl-schema__loading">Loading the {what}…</p>}>
            <SchemaPanel sandbox={sandbox.data} headingLevel={headingLevel === 2 ? 3 : 4} />
          </Suspense>
        </div>
      ) : null}
    </section>
  );
}
