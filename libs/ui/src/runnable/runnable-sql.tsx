import { useCallback, useId, useState } from 'react';
import { Button } from '../components/button.js';
import { useGetSandboxQuery } from './get-sandbox.js';
import SqlEditor from './sql-editor.js';
import { SqlResultView } from './sql-result-view.js';
import type { SqlRunResult } from './sql-result.js';

export interface RunnableSqlProps {
  code: string;
  /** The course whose sandbox the query runs on; without one (or without a sandbox), an empty database. */
  courseId?: string;
}

/** A ```sql block as a lab: CodeMirror with SQL highlighting, Run (Ctrl+Enter), Reset, the result. */
export default function RunnableSql({ code, courseId }: RunnableSqlProps) {
  const sandbox = useGetSandboxQuery(courseId ?? '', { skip: !courseId });
  const [query, setQuery] = useState(code);
  const [result, setResult] = useState<SqlRunResult | null>(null);
  const [running, setRunning] = useState(false);
  const hintId = useId();
  // A 404 (no sandbox) or a mongo sandbox: the query runs on an empty database.
  const source = sandbox.data?.kind === 'sql' ? sandbox.data.source : '';
  const sandboxReady = !courseId || !sandbox.isLoading;
  const run = useCallback((text: string) => {
    setRunning(true);
    // sql.js and its WASM are fetched with the first Run, not with the editor.
    void import('./sql-runner.js')
      .then(({ sqlRunner }) => sqlRunner.run(source, text))
      .catch((error: unknown): SqlRunResult => ({ kind: 'error', message: `The SQL engine could not load: ${error instanceof Error ? error.message : String(error)}` }))
      .then((answer) => {
        setResult(answer);
        setRunning(false);
      });
  }, [source]);
  const reset = () => {
    setQuery(code);
    setResult(null);
  };
  return (
    <div className="dbl-runnable">
      {/* The same name as the read-only CodeView, so the example is found the same way. */}
      <SqlEditor value={query} onChange={setQuery} onSubmit={run} label="SQL example" describedBy={hintId} />
      <div className="dbl-runnable__tools">
        <Button onClick={() => run(query)} disabled={running || !sandboxReady}>
          {running ? 'Running…' : 'Run'}
        </Button>
        <Button variant="secondary" onClick={reset}>
          Reset
        </Button>
        <span id={hintId} className="dbl-runnable__hint">
          Ctrl+Enter runs it. {courseId && !sandbox.data && !sandbox.isLoading ? 'Runs on an empty database.' : 'Each run starts from a fresh copy of the practice database.'}
        </span>
      </div>
      <SqlResultView result={result} />
    </div>
  );
}
