/**
 * How one ```mongo query runs with mingo, on the server (svc-content's workers grade with it) and in
 * the page (the mongo worker imports them as any module does, decision 0050).
 */
import type { MongoCollections, MongoQuery } from './mongo-lab.js';

/** mingo's cursor, as far as a run uses it (`next()` answers undefined once it is done). */
export interface MingoCursor {
  sort(spec: object): MingoCursor;
  skip(n: number): MingoCursor;
  limit(n: number): MingoCursor;
  next(): unknown;
}

/** The part of mingo a run uses: its browser bundle's global `mingo` (or the npm package in tests). */
export interface MingoEngine {
  Aggregator: new (pipeline: object[], options?: object) => { stream(collection: unknown[]): { next(): { value?: unknown; done?: boolean } } };
  find(collection: unknown[], filter: object, projection?: object, options?: object): MingoCursor;
  ProcessingMode: { CLONE_INPUT: number };
}

/** What one run may produce (the numbers are SQL_RESULT_BYTE_CAPS, as for SQL). */
export interface MongoResultCaps {
  totalBytes: number;
  valueBytes: number;
}

/**
 * Runs one parsed query with mingo on a sandbox's collections and answers its documents; throws an
 * Error whose message the learner reads (mingo's own, a missing collection, a result too large).
 *
 * The collections are shared by every later run (a worker caches them; the caller deep-freezes
 * them): mingo's default mode writes a nested-path `$set` into its input documents, so the input
 * is cloned (ProcessingMode.CLONE_INPUT) and so is each collection `$lookup`, `$unionWith` or
 * `$graphLookup` names (their documents would otherwise be embedded, and written, by reference).
 * Scripts stay off ($where and $function take code).
 *
 * Each document is measured as it comes out of mingo, as SQL's rows are while read: a top-level
 * field over `valueBytes` or a result over `totalBytes` (UTF-8 bytes of its strings, keys included)
 * fails the run instead of travelling to the thread that reads the answer.
 */
export function runMingoQuery(mingo: MingoEngine, collections: MongoCollections, query: MongoQuery, caps: MongoResultCaps): unknown[] {
  const documents = collections[query.collection];
  if (!documents) {
    const names = Object.keys(collections);
    throw new Error(`There is no collection "${query.collection}" here. ${names.length ? `The collections are: ${names.join(', ')}.` : 'This lab has no collections.'}`);
  }
  const resolved = new Map<string, unknown[]>();
  const collectionResolver = (name: string): unknown[] => {
    let copy = resolved.get(name);
    if (!copy) {
      // The sandbox is parsed JSON: a JSON round trip copies it exactly.
      copy = JSON.parse(JSON.stringify(collections[name] ?? [])) as unknown[];
      resolved.set(name, copy);
    }
    return copy;
  };
  const options = { scriptEnabled: false, processingMode: mingo.ProcessingMode.CLONE_INPUT, collectionResolver };
  let next: () => unknown;
  if (query.kind === 'aggregate') {
    const stream = new mingo.Aggregator(query.pipeline, options).stream(documents);
    next = () => {
      const item = stream.next();
      return item.done ? undefined : item.value;
    };
  } else {
    let cursor = mingo.find(documents, query.filter, query.projection, options);
    // MongoDB's order: sort, skip, limit; limit(0) means no limit.
    if (query.sort) cursor = cursor.sort(query.sort);
    if (query.skip !== undefined) cursor = cursor.skip(query.skip);
    if (query.limit) cursor = cursor.limit(query.limit);
    next = () => cursor.next();
  }

  const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 100) / 100} MB`;
  /** UTF-8 bytes of a text, or more than `budget` (its length alone says so: UTF-8 never takes fewer bytes than UTF-16 units). */
  const textBytes = (text: string, budget: number): number => {
    if (text.length > budget) return text.length;
    let bytes = 0;
    for (let i = 0; i < text.length; i += 1) {
      const unit = text.charCodeAt(i);
      bytes += unit < 0x80 ? 1 : unit < 0x800 || (unit >= 0xd800 && unit <= 0xdfff) ? 2 : 3;
    }
    return bytes;
  };
  /** A value's size as JSON, walked without recursion and given up once past `budget` (every step adds a byte at least). */
  const sizeOf = (value: unknown, budget: number): number => {
    let bytes = 0;
    const stack: unknown[] = [value];
    while (stack.length > 0 && bytes <= budget) {
      const item = stack.pop();
      if (typeof item === 'string') bytes += textBytes(item, budget - bytes) + 2;
      else if (Array.isArray(item)) {
        bytes += 2 + item.length;
        if (bytes <= budget) for (const inner of item) stack.push(inner);
      } else if (item !== null && typeof item === 'object' && !(item instanceof Date)) {
        bytes += 2;
        for (const [key, inner] of Object.entries(item)) {
          bytes += textBytes(key, budget) + 4;
          stack.push(inner);
        }
      } else bytes += 8;
    }
    return bytes;
  };

  const found: unknown[] = [];
  let total = 0;
  for (let document = next(); document !== undefined; document = next()) {
    const fields: [string, unknown][] = document !== null && typeof document === 'object' && !Array.isArray(document) ? Object.entries(document) : [['', document]];
    for (const [key, value] of fields) {
      const bytes = sizeOf(value, caps.valueBytes);
      if (bytes > caps.valueBytes) throw new Error(`A value in your result is too large (over ${megabytes(caps.valueBytes)}).`);
      total += bytes + key.length + 4;
      if (total > caps.totalBytes) throw new Error(`Your result is too large (over ${megabytes(caps.totalBytes)}); add a $limit stage or .limit().`);
    }
    found.push(document);
  }
  return found;
}

/**
 * Freezes a value and everything it holds, so that nothing can write into it (a cached sandbox's
 * collections: a write is then refused, or ignored where the code is not strict). Iterative, so a
 * deeply nested document cannot overflow the stack; parts frozen already are not walked again.
 */
export function deepFreeze<T>(value: T): T {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    // A typed array with elements cannot be frozen (and no lab value is one: results hold text for blobs).
    if (item === null || typeof item !== 'object' || Object.isFrozen(item) || ArrayBuffer.isView(item)) continue;
    Object.freeze(item);
    for (const inner of Object.values(item)) stack.push(inner);
  }
  return value;
}
