import { codeExampleLabel } from '../components/code-view.js';
import { mongoLanguage } from './mongo-language.js';
import { useGetSandboxQuery } from './get-sandbox.js';
import { MongoResultView } from './mongo-result-view.js';
import type { MongoRunResult } from './mongo-result.js';
import { RunnableLab } from './runnable-lab.js';

export interface RunnableMongoProps {
  code: string;
  /** The course whose JSON sandbox the query runs on; without one, there are no collections. */
  courseId?: string;
}

/** A ```mongo block as a lab: the query, Run (Ctrl+Enter), Reset, and the documents it finds (mingo). */
export default function RunnableMongo({ code, courseId }: RunnableMongoProps) {
  const sandbox = useGetSandboxQuery(courseId ?? '', { skip: !courseId });
  const source = sandbox.data?.kind === 'mongo' ? sandbox.data.source : '';
  const run = (text: string): Promise<MongoRunResult> =>
    // mingo is fetched with the first Run, not with the editor.
    import('./mongo-runner.js')
      .then(({ mongoRunner }) => mongoRunner.run(source, text))
      .catch((error: unknown): MongoRunResult => ({ kind: 'error', message: `The query engine could not load: ${error instanceof Error ? error.message : String(error)}` }));
  return (
    <RunnableLab
      code={code}
      label={codeExampleLabel('mongo')}
      language={mongoLanguage}
      run={run}
      ready={!courseId || !sandbox.isLoading}
      hint={courseId && !sandbox.isLoading && !source ? 'This course has no collections to query.' : 'Queries read the course’s collections; nothing is changed.'}
      renderResult={(result) => <MongoResultView result={result} />}
    />
  );
}
