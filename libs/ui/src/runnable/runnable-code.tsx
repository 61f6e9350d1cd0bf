import { lazy, Suspense } from 'react';
import { CodeView } from '../components/code-view.js';
import type { CodeSnippet } from '../components/content-blocks.js';

// The editor and the engine's loader come with the first runnable block a page shows, never before;
// a page with only ```sql blocks never loads mingo's, and one with only ```mongo never loads sql.js's.
const RunnableSql = lazy(() => import('./runnable-sql.js'));
const RunnableMongo = lazy(() => import('./runnable-mongo.js'));

const RUNNABLE = { sql: RunnableSql, mongo: RunnableMongo } as const;

/** A fenced block that can run: ```sql and ```mongo become labs on the course's sandbox; any other stays plain code. */
export function RunnableCode({ snippet, courseId }: { snippet: Pick<CodeSnippet, 'language' | 'code'>; courseId?: string }) {
  const Runnable = snippet.language === 'sql' || snippet.language === 'mongo' ? RUNNABLE[snippet.language] : null;
  if (!Runnable) return <CodeView language={snippet.language} code={snippet.code} />;
  return (
    <Suspense fallback={<CodeView language={snippet.language} code={snippet.code} />}>
      <Runnable code={snippet.code} courseId={courseId} />
    </Suspense>
  );
}
