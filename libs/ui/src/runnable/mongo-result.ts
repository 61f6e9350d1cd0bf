import type { MongoCollections, MongoWorkerAnswer } from '@dblearn/lab';
import type { RunFailure } from './run-error.js';

/** What one run answers: the mongo worker's answer, or why the query failed (a parse error with its line). */
export type MongoRunResult = MongoWorkerAnswer | RunFailure;

/** "1 document", "12 documents", "No documents". */
export function documentCountLabel(count: number): string {
  if (count === 0) return 'No documents';
  return count === 1 ? '1 document' : `${count} documents`;
}

/** How a document reads: on one line when short (or always, `compact`, wrapped by the page), else indented. */
export function formatDocument(document: unknown, { compact = false }: { compact?: boolean } = {}): string {
  const indented = JSON.stringify(document, null, 2);
  // Only the layout's line breaks are real ones (JSON escapes those inside strings).
  const line = indented.replace(/\n\s*/g, ' ');
  return compact || line.length <= 100 ? line : indented;
}

/** A collection of a mongo sandbox as the schema view shows it. */
export interface MongoCollectionSchema {
  name: string;
  count: number;
  /** Every top-level field of its documents, in the order first seen. */
  fields: string[];
  samples: unknown[];
}

/** Each collection with its document count, its fields and its first `sampleCount` documents. */
export function mongoSchema(collections: MongoCollections, sampleCount = 2): MongoCollectionSchema[] {
  return Object.entries(collections).map(([name, documents]) => {
    const fields = new Set<string>();
    for (const document of documents) for (const field of Object.keys(document)) fields.add(field);
    return { name, count: documents.length, fields: [...fields], samples: documents.slice(0, sampleCount) };
  });
}
