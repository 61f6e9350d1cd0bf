import type { MongoCollections, MongoQuery } from '@dblearn/contracts';
import type { RunFailure } from './run-error.js';

/** What one run answers: the documents (at most MONGO_SENT_DOCUMENTS of `total`), or why it failed (a parse error with its line). */
export type MongoRunResult = { kind: 'documents'; documents: unknown[]; total: number } | RunFailure;

/** The part of mingo a run uses (its browser bundle's global, or the package in tests). */
export interface MingoEngine {
  find(collection: unknown[], filter: object, projection?: object, options?: object): { sort(spec: object): unknown; skip(n: number): unknown; limit(n: number): unknown; all(): unknown[] };
  aggregate(collection: unknown[], pipeline: object[], options?: object): unknown[];
}

/** A run sends back at most this many documents (the count still names them all). */
export const MONGO_SENT_DOCUMENTS = 500;

/**
 * Runs one parsed query with mingo on the sandbox's collections. It is also the worker's code (sent
 * as its source text), so it must use nothing from outside itself. Scripts stay off ($where and
 * $function take code), and $lookup's `from` names another collection of the same sandbox.
 */
export function runMongoQuery(mingo: MingoEngine, collections: MongoCollections, query: MongoQuery, sent: number): MongoRunResult {
  const documents = collections[query.collection];
  if (!documents) {
    const names = Object.keys(collections);
    return { kind: 'error', message: `There is no collection "${query.collection}" here. ${names.length ? `The collections are: ${names.join(', ')}.` : 'This lab has no collections.'}` };
  }
  const options = { scriptEnabled: false, collectionResolver: (name: string) => collections[name] ?? [] };
  try {
    let found: unknown[];
    if (query.kind === 'aggregate') found = mingo.aggregate(documents, query.pipeline, options);
    else {
      const cursor = mingo.find(documents, query.filter, query.projection, options);
      // The parser keeps MongoDB's order (sort, skip, limit); limit(0) means no limit, as in MongoDB.
      if (query.sort) cursor.sort(query.sort);
      if (query.skip !== undefined) cursor.skip(query.skip);
      if (query.limit) cursor.limit(query.limit);
      found = cursor.all();
    }
    return { kind: 'documents', documents: found.slice(0, sent), total: found.length };
  } catch (error) {
    return { kind: 'error', message: error instanceof Error ? error.message : String(error) };
  }
}

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
