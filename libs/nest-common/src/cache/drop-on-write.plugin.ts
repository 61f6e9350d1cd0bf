import type { Schema } from 'mongoose';

/** Called after a write: the `_id` it wrote, or null when it may have written any document. */
export type WrittenHook = (id: string | null) => Promise<void>;

const QUERY_WRITES = ['updateOne', 'updateMany', 'replaceOne', 'deleteOne', 'deleteMany', 'findOneAndUpdate', 'findOneAndDelete', 'findOneAndReplace'] as const;

/** The `_id` a filter names, when it names exactly one (every write here filters by `_id`). */
function filteredId(filter: Record<string, unknown>): string | null {
  const id = filter._id;
  if (typeof id === 'string') return id;
  if (id && typeof id === 'object' && !Array.isArray(id) && !('$in' in id)) return String(id);
  return null;
}

/**
 * A mongoose plugin that reports every write of the schema's documents once it is done, before
 * the code that made it goes on: a cache of answers built from these documents drops what the write
 * replaced, whichever service method, import or relay made it. Query writes report the `_id` of their
 * filter; bulk writes report null (anything may have changed).
 */
export function reportWrites(written: WrittenHook) {
  return (schema: Schema): void => {
    for (const operation of QUERY_WRITES) {
      schema.post(operation, { document: false, query: true }, async function (this: { getFilter(): Record<string, unknown> }) {
        await written(filteredId(this.getFilter()));
      });
    }
    schema.post('save', async function (this: { _id: unknown }) {
      await written(String(this._id));
    });
    schema.post('deleteOne', { document: true, query: false }, async function (this: { _id: unknown }) {
      await written(String(this._id));
    });
    schema.post('bulkWrite', async () => {
      await written(null);
    });
    schema.post('insertMany', async () => {
      await written(null);
    });
  };
}
