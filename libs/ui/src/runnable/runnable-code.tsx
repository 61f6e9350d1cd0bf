import { lazy, Suspense } from 'react';
import { CodeView } from '../components/code-view.js';
import type { CodeSnippet } from '../components/content-blocks.js';

// The editor, sql.js and its worker load with the first runnable block a page shows, never before.
const RunnableSql = lazy(() => import('./runnable-sql.js'));

/** A fenced block that can run: ```sql becomes a lab on the course's sandbox; any other stays plain code. */
export function RunnableCode({ snippet, courseId }: { snippet: Pick<CodeSnippet, 'language' | 'code'>; courseId?: string }) {
  if (snippet.language !== 'sql') return <CodeView language={snippet.language} code={snippet.code} />;
  return (
    <Suspense fallback={<CodeView language={snippet.language} code={snippet.code} />}>
      <RunnableSql code={snippet.code} courseId={courseId} />
    </Suspense>
  );
}
