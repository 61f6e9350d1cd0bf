import { sql } from '@codemirror/lang-sql';
import { Prec } from '@codemirror/state';
import { EditorView, keymap } from '@codemirror/view';
import CodeMirror from '@uiw/react-codemirror';
import { useMemo } from 'react';

export interface SqlEditorProps {
  value: string;
  onChange: (value: string) => void;
  /** Ctrl+Enter (Cmd+Enter) hands the current text here: Run in a lesson, Check in a project. */
  onSubmit?: (value: string) => void;
  /** The editor's accessible name ("SQL example", "Your query for check 1"…). */
  label: string;
  /** The id of a hint that says what Ctrl+Enter does. */
  describedBy?: string;
}

/** CodeMirror 6 with SQL highlighting; long lines wrap, so it never scrolls sideways (390 px). */
export default function SqlEditor({ value, onChange, onSubmit, label, describedBy }: SqlEditorProps) {
  const extensions = useMemo(
    () => [
      sql(),
      EditorView.lineWrapping,
      Prec.highest(keymap.of([{ key: 'Mod-Enter', run: (view) => (onSubmit?.(view.state.doc.toString()), onSubmit !== undefined) }])),
      EditorView.contentAttributes.of({ 'aria-label': label, ...(describedBy ? { 'aria-describedby': describedBy } : {}) }),
    ],
    [onSubmit, label, describedBy],
  );
  return (
    <CodeMirror
      value={value}
      onChange={onChange}
      extensions={extensions}
      basicSetup={{ foldGutter: false, highlightActiveLine: false }}
      className="dbl-runnable__editor"
    />
  );
}
