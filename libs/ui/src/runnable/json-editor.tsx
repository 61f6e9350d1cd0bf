import { json } from '@codemirror/lang-json';
import { CodeEditor } from './code-editor.js';
import type { SqlEditorProps } from './sql-editor.js';

const jsonLanguage = json();

/** The code editor with JSON highlighting (a course's mongo sandbox). */
export default function JsonEditor(props: SqlEditorProps) {
  return <CodeEditor {...props} language={jsonLanguage} />;
}
