/** One query as mongoose sent it: the collection, the driver method, and its filter. */
export interface SentFilter {
  collection: string;
  method: string;
  filter: Record<string, unknown>;
}

/** The part of mongoose this needs (the test's own import of it: one mongoose serves the whole process). */
interface MongooseDebug {
  set(key: 'debug', value: boolean | ((collection: string, method: string, ...args: unknown[]) => void)): unknown;
}

/**
 * Every filter mongoose sends to these collections while `work` runs (through its debug hook, so
 * the service's own connections are seen too), each operation of a bulkWrite on its own (as
 * `bulkWrite.updateOne`…). Inserts are left out: their argument is a document.
 */
export async function recordFilters(mongoose: MongooseDebug, collections: readonly string[], work: () => Promise<void>): Promise<SentFilter[]> {
  const sent: SentFilter[] = [];
  mongoose.set('debug', (collection, method, filter) => {
    if (!collections.includes(collection) || method.startsWith('insert') || typeof filter !== 'object' || filter === null) return;
    if (method !== 'bulkWrite') {
      sent.push({ collection, method, filter: filter as Record<string, unknown> });
      return;
    }
    for (const operation of filter as Record<string, { filter?: Record<string, unknown> }>[]) {
      for (const [kind, details] of Object.entries(operation)) {
        if (details.filter) sent.push({ collection, method: `bulkWrite.${kind}`, filter: details.filter });
      }
    }
  });
  try {
    await work();
  } finally {
    mongoose.set('debug', false);
  }
  return sent;
}

/**
 * The filters that are not exactly `{_id: value}`: FerretDB 1.24 uses an index for nothing else, so
 * `{_id, anything}` or `{_id: {$in: …}}` reads the whole collection. A test expects none.
 */
export function filtersBeyondId(sent: readonly SentFilter[]): SentFilter[] {
  return sent.filter(({ filter }) => {
    const keys = Object.keys(filter);
    const id = filter._id;
    const operator = typeof id === 'object' && id !== null && Object.keys(id).some((key) => key.startsWith('$'));
    return keys.length !== 1 || keys[0] !== '_id' || operator;
  });
}
