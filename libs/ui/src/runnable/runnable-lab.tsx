import type { Extension } from '@codemirror/state';
import { useId, useRef, useState, type ReactNode } from 'react';
import { Button } from '../components/button.js';
import { CodeEditor } from './code-editor.js';
import { useFailedLine } from './use-failed-line.js';

/** What a run answers: anything with a kind; a failure ('error') may name the line to mark. */
type LabResult = { kind: string; line?: number };

export interface RunnableLabProps<Result extends LabResult> {
  /** The example as written in the lesson (Reset brings it back). */
  code: string;
  /** The editor's accessible name: the same as the read-only CodeView's, so the example is found the same way. */
  label: string;
  language: Extension;
  run: (text: string) => Promise<Result>;
  /** A second action beside Run ("Explain" on a ```sql block): its answer shows where Run's does, a failure marks its line the same way. */
  explain?: { label: string; run: (text: string) => Promise<Result> };
  /** False while the sandbox is still loading. */
  ready: boolean;
  /** What a run works on, after "Ctrl+Enter runs it." */
  hint: string;
  /** `runWith`: runs the editor's text through another action (a PostgreSQL block's "Run on SQLite"), shown like Run's. */
  renderResult: (result: Result | null, runWith: (action: (text: string) => Promise<Result>) => void) => ReactNode;
  /** Beside the buttons, before the hint (a SQL block's engine switch). */
  tools?: ReactNode;
}

/** The last answer as the block draws it; `runWith` is called only from the answer's own buttons. */
function LastAnswer<Result extends LabResult>({ result, render, runWith }: { result: Result | null; render: RunnableLabProps<Result>['renderResult']; runWith: (action: (text: string) => Promise<Result>) => void }) {
  return <>{render(result, runWith)}</>;
}

/**
 * One runnable block: the editor, Run (Ctrl+Enter), an optional second action (Explain), Reset and
 * the last result (SQL and mongo alike).
 * A failure that names its line marks that line in the editor until the next edit, run or Reset.
 */
export function RunnableLab<Result extends LabResult>({ code, label, language, run, explain, ready, hint, renderResult, tools }: RunnableLabProps<Result>) {
  const [query, setQuery] = useState(code);
  const [result, setResult] = useState<Result | null>(null);
  const [running, setRunning] = useState(false);
  const failed = useFailedLine(query);
  const hintId = useId();
  // Only the latest run's answer is shown (a Reset or a newer run makes an older answer stale).
  const latestRun = useRef(0);
  const start = (text: string, action = run) => {
    if (!ready) return;
    const runId = ++latestRun.current;
    setRunning(true);
    failed.clear();
    void action(text).then((answer) => {
      if (runId !== latestRun.current) return;
      setResult(answer);
      setRunning(false);
      // An answer for a text edited meanwhile marks no line.
      failed.markFrom(text, answer.kind === 'error' ? (answer.line ?? null) : null);
    });
  };
  const reset = () => {
    latestRun.current += 1;
    setQuery(code);
    setResult(null);
    setRunning(false);
    failed.clear();
  };
  return (
    <div className="dbl-runnable">
      <CodeEditor value={query} onChange={setQuery} onSubmit={start} label={label} describedBy={hintId} language={language} markedLine={failed.markedLine} />
      <div className="dbl-runnable__tools">
        <Button onClick={() => start(query)} disabled={running || !ready}>
          {running ? 'Running…' : 'Run'}
        </Button>
        {explain ? (
          <Button variant="secondary" onClick={() => start(query, explain.run)} disabled={running || !ready}>
            {explain.label}
          </Button>
        ) : null}
        <Button variant="secondary" onClick={reset}>
          Reset
        </Button>
        {tools}
        <span id={hintId} className="dbl-runnable__hint">
          Ctrl+Enter runs it. {hint}
        </span>
      </div>
      <LastAnswer result={result} render={renderResult} runWith={(action) => start(query, action)} />
    </div>
  );
}
