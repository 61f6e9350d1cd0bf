import { lazy, Suspense, useId, useState } from 'react';
import { useSession } from '@dblearn/web';
import { Button } from '../components/button.js';
import { EngineSwitch } from './engine-switch.js';
import { useGetSandboxQuery } from './get-sandbox.js';
import { useLabEngine } from './lab-engine.js';

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
  const { isSignedIn } = useSession();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const headingId = useId();
  if (!sandbox.data) return null;
  const Heading = `h${headingLevel}` as const;
  const what = sandbox.data.kind === 'mongo' ? 'collections' : 'tables';
  const isSql = sandbox.data.kind === 'sql';
  // The server reads it for a learner; a visitor (whom the route refuses) sees SQLite's reading, said so.
  const onPostgres = isSql && engine === 'postgres' && isSignedIn;
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
          {isSql ? (
            <p className="dbl-runnable__engine">
              {onPostgres ? 'On PostgreSQL' : engine === 'postgres' ? 'Diagram from SQLite: sign in to read it on PostgreSQL.' : 'On SQLite'}
            </p>
          ) : null}
          <Suspense fallback={<p className="dbl-schema__loading">Loading the {what}…</p>}>
            <SchemaPanel key={onPostgres ? 'postgres' : 'sqlite'} sandbox={sandbox.data} headingLevel={headingLevel === 2 ? 3 : 4} postgresCourseId={onPostgres ? courseId : undefined} />
          </Suspense>
        </div>
      ) : null}
    </section>
  );
}
