import type { AnyObject, AnyBulkWriteOperation, Model } from 'mongoose';
import { KeyedLock } from './keyed-lock.js';

/**
 * Writes per bulk command. Stock FerretDB 1.24 (SQLite) keeps the read of every statement of an
 * update command open until the whole command ends, one pooled SQLite connection each, out of 100 per
 * database: the 100th update of an existing document in one command waits for a connection only the
 * command itself can free, and that database answers nothing more until FerretDB restarts (decision
 * 0022). Our build frees each when its statement ends; the bound stays for a stock FerretDB on PATH
 * and to keep commands short. 20 writes, one bulk command per process at a time: with the driver's 19
 * other connections holding at most two SQLite connections each, a command can never starve.
 */
export const BULK_WRITES = 20;
/** Documents per insert command: an insert is one SQLite transaction on one connection, whatever its size. */
export const BULK_INSERTS = 100;

const oneBulkAtATime = new KeyedLock();

/** `ops` as ordered bulk commands of at most BULK_WRITES, one such command of this process at a time. */
export async function bulkWriteBounded(model: Model<AnyObject>, ops: readonly AnyBulkWriteOperation<AnyObject>[]): Promise<void> {
  for (let start = 0; start < ops.length; start += BULK_WRITES) {
    const chunk = ops.slice(start, start + BULK_WRITES);
    await oneBulkAtATime.run('bulk', () => model.bulkWrite(chunk, { ordered: true }));
  }
}

/** `docs` as ordered insert commands of at most BULK_INSERTS documents. */
export async function insertManyBounded(model: Model<AnyObject>, docs: readonly AnyObject[]): Promise<void> {
  for (let start = 0; start < docs.length; start += BULK_INSERTS) {
    await model.insertMany(docs.slice(start, start + BULK_INSERTS), { ordered: true });
  }
}
