import type { MongoCollections } from '@dblearn/lab';
import type { RunFailure } from './run-error.js';

/** What one run answers: the documents (at most MONGO_SENT_DOCUMENTS of `total`), or why it failed (a parse error with its line). */
export type MongoRunResult = { kind: 'documents'; documents: unknown[]; total: number } | RunFailure;

/** A run sends back at most this many documents (the count still names them all). */
export const MONGO_SENT_DOCUMENTS = 500;

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
