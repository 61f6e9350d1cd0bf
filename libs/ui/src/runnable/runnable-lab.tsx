import type { Extension } from '@codemirror/state';
import { useId, useRef, useState, type ReactNode } from 'react';
import { Button } from '../components/button.js';
import { CodeEditor } from './code-editor.js';

export interface RunnableLabProps<Result> {
  /** The example as written in the lesson (Reset brings it back). */
  code: string;
  /** The editor's accessible name: the same as the read-only CodeView's, so the example is found the same way. */
  label: string;
  language: Extension;
  run: (text: string) => Promise<Result>;
  /** False while the sandbox is still loading. */
  ready: boolean;
  /** What a run works on, after "Ctrl+Enter runs it." */
  hint: string;
  renderResult: (result: Result | null) => ReactNode;
}

/** One runnable block: the editor, Run (Ctrl+Enter), Reset and the last result (SQL and mongo alike). */
export function RunnableLab<Result>({ code, label, language, run, ready, hint, renderResult }: RunnableLabProps<Result>) {
  const [query, setQuery] = useState(code);
  const [result, setResult] = useState<Result | null>(null);
  const [running, setRunning] = useState(false);
  const hintId = useId();
  // Only the latest run's answer is shown (a Reset or a newer run makes an older answer stale).
  const latestRun = useRef(0);
  const start = (text: string) => {
    if (!ready) return;
    const runId = ++latestRun.current;
    setRunning(true);
    void run(text).then((answer) => {
      if (runId !== latestRun.current) return;
      setResult(answer);
      setRunning(false);
    });
  };
  const reset = () => {
    latestRun.current += 1;
    setQuery(code);
    setResult(null);
    setRunning(false);
  };
  return (
    <div className="dbl-runnable">
      <CodeEditor value={query} onChange={setQuery} onSubmit={start} label={label} describedBy={hintId} language={language} />
      <div className="dbl-runnable__tools">
        <Button onClick={() => start(query)} disabled={running || !ready}>
          {running ? 'Running…' : 'Run'}
        </Button>
        <Button variant="secondary" onClick={reset}>
          Reset
        </Button>
        <span id={hintId} className="dbl-runnable__hint">
          Ctrl+Enter runs it. {hint}
        </span>
      </div>
      {renderResult(result)}
    </div>
  );
}
