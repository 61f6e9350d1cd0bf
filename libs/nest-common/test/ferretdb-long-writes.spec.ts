import { startTestInfra, type TestInfra, uniqueDatabaseName } from '@dblearn/testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import mongoose from 'mongoose';

// Issue 30 High 2, decision 0022: FerretDB 1.24.2 kept each statement's read of an `update` command
// open until the command ended, one of a database's 100 pooled SQLite connections each, so one
// command of 100+ matching updateOnes waited forever and took its database with it. Our build
// (`v1.24.2-dblearn.2`, libs/infra/src/tools/ferretdb.ts) frees each statement's read when the
// statement ends. These are the commands any client (a script, mongosh) could send, not our stores'.

/** More statements than the pool has connections. */
const STATEMENTS = 150;
/** Far beyond what these commands take on a busy machine (about a second); a wedged one never answers. */
const ANSWER_WITHIN_MS = 60_000;

const within = <T>(promise: Promise<T>, what: string): Promise<T> =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what} did not answer within ${ANSWER_WITHIN_MS / 1000} s`)), ANSWER_WITHIN_MS).unref())]);

describe('FerretDB under one long write command (our patched build)', () => {
  let infra: TestInfra;
  let writer: mongoose.Connection;
  let reader: mongoose.Connection;

  beforeAll(async () => {
    infra = await startTestInfra({ nats: false });
    const dbName = uniqueDatabaseName('ferretdb_long_writes');
    // Two clients: a wedged database answers no one, not just the client that wedged it.
    [writer, reader] = await Promise.all([
      mongoose.createConnection(infra.mongoUrl, { dbName, socketTimeoutMS: ANSWER_WITHIN_MS + 10_000 }).asPromise(),
      mongoose.createConnection(infra.mongoUrl, { dbName, socketTimeoutMS: ANSWER_WITHIN_MS + 10_000 }).asPromise(),
    ]);
  }, 60_000);

  afterAll(async () => {
    // Forced: against a wedged server a polite close would wait for the command that never ends.
    await writer?.close(true);
    await reader?.close(true);
    await infra?.stop();
  }, 60_000);

  const seed = async (collection: string) => {
    const ids = Array.from({ length: STATEMENTS }, () => new mongoose.Types.ObjectId());
    await writer.collection(collection).insertMany(ids.map((_id, rank) => ({ _id, rank })));
    return ids;
  };

  /** A read of the same database by another client, with a server-side deadline on its wait for the pool. */
  const readBack = (collection: string, _id: mongoose.Types.ObjectId) => within(reader.collection(collection).findOne({ _id }, { maxTimeMS: 20_000 }), 'a read after the command');

  it(`answers an update command of ${STATEMENTS} matching updateOnes, and reads after it`, async () => {
    const ids = await seed('updated');
    const result = await within(
      writer.collection('updated').bulkWrite(ids.map((_id) => ({ updateOne: { filter: { _id }, update: { $set: { seen: true } } } })), { ordered: true }),
      `an update command of ${STATEMENTS} statements`,
    );
    expect(result.matchedCount).toBe(STATEMENTS);
    expect(result.modifiedCount).toBe(STATEMENTS);
    expect(await readBack('updated', ids[STATEMENTS - 1]!)).toMatchObject({ seen: true });
    expect(await within(reader.collection('updated').countDocuments({ seen: true }), 'a count after the command')).toBe(STATEMENTS);
  }, 180_000);

  it(`answers a delete command of ${STATEMENTS} matching deleteOnes (each closes its read already), and reads after it`, async () => {
    const ids = await seed('deleted');
    const result = await within(writer.collection('deleted').bulkWrite(ids.map((_id) => ({ deleteOne: { filter: { _id } } })), { ordered: true }), `a delete command of ${STATEMENTS} statements`);
    expect(result.deletedCount).toBe(STATEMENTS);
    expect(await readBack('deleted', ids[0]!)).toBeNull();
  }, 180_000);

  it('answers findAndModify after findAndModify (one statement a command)', async () => {
    const ids = await seed('found');
    for (const _id of ids) {
      await within(writer.collection('found').findOneAndUpdate({ _id }, { $set: { seen: true } }), 'a findAndModify');
    }
    expect(await readBack('found', ids[STATEMENTS - 1]!)).toMatchObject({ seen: true });
  }, 180_000);
});
