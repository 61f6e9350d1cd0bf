import { sql } from '@codemirror/lang-sql';
import { EditorView, keymap } from '@codemirror/view';
import CodeMirror from '@uiw/react-codemirror';
import { Prec } from '@codemirror/state';
import { useCallback, useId, useMemo, useState } from 'react';
import { Button } from '../components/button.js';
import { useGetSandboxQuery } from './get-sandbox.js';
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
  const extensions = useMemo(
    () => [
      sql(),
      // Long lines wrap: the editor never scrolls sideways (390 px, and axe's scrollable-region rule).
      EditorView.lineWrapping,
      Prec.highest(keymap.of([{ key: 'Mod-Enter', run: (view) => (run(view.state.doc.toString()), true) }])),
      // The same name as the read-only CodeView, so the example is found the same way.
      EditorView.contentAttributes.of({ 'aria-label': 'SQL example', 'aria-describedby': hintId }),
    ],
    [run, hintId],
  );
  const reset = () => {
    setQuery(code);
    setResult(null);
  };
  return (
    <div className="dbl-runnable">
      <CodeMirror
        value={query}
        onChange={setQuery}
        extensions={extensions}
        basicSetup={{ foldGutter: false, highlightActiveLine: false }}
        className="dbl-runnable__editor"
      />
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
