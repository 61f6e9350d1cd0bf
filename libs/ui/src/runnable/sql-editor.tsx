import { sql } from '@codemirror/lang-sql';
import { CodeEditor, type CodeEditorProps } from './code-editor.js';

export type SqlEditorProps = Omit<CodeEditorProps, 'language'>;

const sqlLanguage = sql();

/** The code editor with SQL highlighting (lessons, checks, the course's SQL sandbox). */
export default function SqlEditor(props: SqlEditorProps) {
  return <CodeEditor {...props} language={sqlLanguage} />;
}
