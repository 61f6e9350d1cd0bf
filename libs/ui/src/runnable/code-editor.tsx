import { closeBrackets, closeBracketsKeymap } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { bracketMatching, defaultHighlightStyle, indentOnInput, syntaxHighlighting } from '@codemirror/language';
import { Compartment, EditorState, Prec, RangeSet, StateEffect, StateField, type Extension } from '@codemirror/state';
import { Decoration, drawSelection, EditorView, GutterMarker, keymap, lineNumberMarkers, lineNumbers, type DecorationSet } from '@codemirror/view';
import { useEffect, useLayoutEffect, useRef } from 'react';

export interface CodeEditorProps {
  value: string;
  onChange: (value: string) => void;
  /** Ctrl+Enter (Cmd+Enter) hands the current text here: Run in a lesson, Check in a project. */
  onSubmit?: (value: string) => void;
  /** The editor's accessible name ("SQL example", "Your query for check 1"…). */
  label: string;
  /** The ids of what describes the editor: a hint that says what Ctrl+Enter does, a field's errors. */
  describedBy?: string;
  /** The id of the editable text (a form field's frame gives it one). */
  id?: string;
  /** A form field's broken rules or the server's refusal are shown (aria-invalid). */
  invalid?: boolean;
  /** The language's CodeMirror extension (highlighting and indentation). */
  language: Extension;
  /**
   * The line a failed run names, marked until the text changes. A new object for each run, so the
   * same line is marked again after an edit cleared it.
   */
  markedLine?: { line: number } | null;
}

/** Marks a line (1-based; past the end, the last one) or clears the mark (null). */
const markLine = StateEffect.define<number | null>();
const errorLine = Decoration.line({ class: 'dbl-runnable__error-line' });
const errorLineNumber = new (class extends GutterMarker {
  override elementClass = 'dbl-runnable__error-line-number';
})();
const unmarked = { line: Decoration.none as DecorationSet, number: RangeSet.empty as RangeSet<GutterMarker> };

/** The marked line of a failed run (its text and its number): set by markLine, gone with the next edit (the line may no longer be the one). */
const markedLineField = StateField.define({
  create: () => unmarked,
  update(marks, transaction) {
    for (const effect of transaction.effects) {
      if (!effect.is(markLine)) continue;
      if (effect.value === null) return unmarked;
      const { doc } = transaction.state;
      const from = doc.line(Math.min(Math.max(effect.value, 1), doc.lines)).from;
      return { line: Decoration.set([errorLine.range(from)]), number: RangeSet.of([errorLineNumber.range(from)]) };
    }
    return transaction.docChanged ? unmarked : marks;
  },
  provide: (field) => [EditorView.decorations.from(field, (marks) => marks.line), lineNumberMarkers.from(field, (marks) => marks.number)],
});

/**
 * CodeMirror 6 with only what editing a query needs: line numbers, undo, bracket help and
 * highlighting (no search, lint or completion panels: a smaller first Run). Tab is left to move
 * focus, so a keyboard user is never trapped in the editor. Long lines wrap (no sideways scroll).
 */
export function CodeEditor({ value, onChange, onSubmit, label, describedBy, id, invalid, language, markedLine }: CodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const dynamic = useRef(new Compartment());
  // The latest callbacks, read by the editor's listeners without rebuilding the editor.
  const latest = useRef({ onChange, onSubmit });
  useLayoutEffect(() => {
    latest.current = { onChange, onSubmit };
  });

  const settings = [
    language,
    EditorView.contentAttributes.of({
      'aria-label': label,
      ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      ...(id ? { id } : {}),
      ...(invalid ? { 'aria-invalid': 'true' } : {}),
    }),
  ];

  useEffect(() => {
    const editor = new EditorView({
      parent: host.current ?? undefined,
      state: EditorState.create({
        doc: value,
        extensions: [
          lineNumbers(),
          history(),
          drawSelection(),
          indentOnInput(),
          bracketMatching(),
          closeBrackets(),
          syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
          EditorView.lineWrapping,
          markedLineField,
          Prec.highest(keymap.of([{ key: 'Mod-Enter', run: (target) => (latest.current.onSubmit?.(target.state.doc.toString()), latest.current.onSubmit !== undefined) }])),
          keymap.of([...closeBracketsKeymap, ...defaultKeymap, ...historyKeymap]),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) latest.current.onChange(update.state.doc.toString());
          }),
          dynamic.current.of(settings),
        ],
      }),
    });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
    // The editor is built once; value and settings changes are dispatched below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    view.current?.dispatch({ effects: dynamic.current.reconfigure(settings) });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [language, label, describedBy, id, invalid]);

  // A value set from outside (Reset) replaces the text; the editor's own edits already match it.
  useEffect(() => {
    const editor = view.current;
    if (editor && editor.state.doc.toString() !== value) editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } });
  }, [value]);

  useEffect(() => {
    view.current?.dispatch({ effects: markLine.of(markedLine?.line ?? null) });
  }, [markedLine]);

  return <div ref={host} className="dbl-runnable__editor" />;
}
