import { lazy, Suspense } from 'react';
import { CodeView } from '../components/code-view.js';
import type { CodeSnippet } from '../components/content-blocks.js';
import { isStructureLanguage } from '@dblearn/lab/structures';
import { StructureBlock } from '../structures/structure-block.js';

// The editor and the engine's loader come with the first runnable block a page shows, never before;
// a page with only ```sql blocks never loads mingo's, and one with only ```mongo never loads sql.js's.
const RunnableSql = lazy(() => import('./runnable-sql.js'));
const RunnableMongo = lazy(() => import('./runnable-mongo.js'));

/**
 * A fenced block that can run: ```sql and ```mongo become labs on the course's sandbox; any other
 * stays plain code, but ```btree, ```hash-extendible and ```hash-linear become index-structure
 * visualizers. ```sql must-fail is a lab whose example is meant to be refused (a constraint
 * at work): its failure is the lesson's passing demonstration. ```sql compare-plans shows two query
 * plans side by side, before and after its `-- after:` line. ```sql postgres runs on PostgreSQL only
 * (what SQLite has no form of: GROUPING SETS, JSONB, roles).
 */
export function RunnableCode({ snippet, courseId }: { snippet: Pick<CodeSnippet, 'language' | 'code' | 'info'>; courseId?: string }) {
  const fallback = <CodeView language={snippet.language} code={snippet.code} />;
  if (isStructureLanguage(snippet.language)) return <StructureBlock language={snippet.language} code={snippet.code} />;
  if (snippet.language === 'sql') {
    return (
      <Suspense fallback={fallback}>
        <RunnableSql code={snippet.code} courseId={courseId} mustFail={snippet.info?.includes('must-fail') ?? false} comparePlans={snippet.info?.includes('compare-plans') ?? false}
          postgresOnly={snippet.info?.includes('postgres') ?? false}
        />
      </Suspense>
    );
  }
  if (snippet.language === 'mongo') {
    return (
      <Suspense fallback={fallback}>
        <RunnableMongo code={snippet.code} courseId={courseId} />
      </Suspense>
    );
  }
  return fallback;
}
