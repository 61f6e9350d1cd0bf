import { CodeEditor } from './code-editor.js';
import { mongoLanguage } from './mongo-language.js';
import type { SqlEditorProps } from './sql-editor.js';

/** The code editor with ```mongo highlighting (a mongo check's query, its reference in the check editor). */
export default function MongoEditor(props: SqlEditorProps) {
  return <CodeEditor {...props} language={mongoLanguage} />;
}
