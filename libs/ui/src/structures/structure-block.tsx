import { lazy, Suspense } from 'react';
import { CodeView } from '../components/code-view.js';
import type { StructureLanguage } from '@dblearn/lab/structures';

// The models, the drawings and their styles come with the first visualizer block a page shows.
const StructureView = lazy(() => import('./structure-view.js'));

/** A visualizer block; until its code arrives, the block's text stands in. */
export function StructureBlock({ language, code }: { language: StructureLanguage; code: string }) {
  return (
    <Suspense fallback={<CodeView language={language} code={code} />}>
      <StructureView language={language} code={code} />
    </Suspense>
  );
}
