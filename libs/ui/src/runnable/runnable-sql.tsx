import { codeExampleLabel } from '../components/code-view.js';
import { sql } from '@codemirror/lang-sql';
import { useGetSandboxQuery } from './get-sandbox.js';
import { loadSqlRunner } from './load-sql-runner.js';
import { RunnableLab } from './runnable-lab.js';
import { SqlResultView } from './sql-result-view.js';
import { asDemonstration, type SqlRunResult } from './sql-result.js';

export interface RunnableSqlProps {
  code: string;
  /** The course whose sandbox the query runs on; without one (or without a sandbox), an empty database. */
  courseId?: string;
  /** ```sql must-fail: the example shows a statement being refused; that failure is the expected outcome. */
  mustFail?: boolean;
}


const sqlLanguage = sql();

/** A ```sql block as a lab: CodeMirror with SQL highlighting, Run (Ctrl+Enter), Reset, the result. */
export default function RunnableSql({ code, courseId, mustFail = false }: RunnableSqlProps) {
  const sandbox = useGetSandboxQuery(courseId ?? '', { skip: !courseId });
  // A 404 (no sandbox) or a mongo sandbox: the query runs on an empty database.
  const source = sandbox.data?.kind === 'sql' ? sandbox.data.source : '';
  const run = (text: string): Promise<SqlRunResult> =>
    // sql.js and its WASM are fetched with the first Run, not with the editor.
    loadSqlRunner()
      .then(({ sqlRunner }) => sqlRunner.run(source, text))
      .then((result) => (mustFail ? asDemonstration(result) : result))
      .catch((error: unknown): SqlRunResult => ({ kind: 'error', message: `The SQL engine could not load: ${error instanceof Error ? error.message : String(error)}` }));
  return (
    <RunnableLab
      code={code}
      label={codeExampleLabel('sql')}
      language={sqlLanguage}
      run={run}
      ready={!courseId || !sandbox.isLoading}
      hint={`${courseId && !sandbox.data && !sandbox.isLoading ? 'Runs on an empty database.' : 'Each run starts from a fresh copy of the practice database.'}${mustFail ? ' This example is meant to be refused.' : ''}`}
      renderResult={(result) => <SqlResultView result={result} />}
    />
  );
}
