import { isDuplicateKeyError, KeyedLock } from '@dblearn/nest-common';
import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model, Types, UpdateQuery } from 'mongoose';
import type { ProgressKind } from './progress-kinds.js';
import { SnapshotHolder } from './snapshot-holder.schema.js';

export interface Holders {
  userIds: string[];
  deleted: boolean;
  /** Update and delete events seen so far (see SnapshotHolder.changes). */
  changes: number;
}

type StoredHolder = { _id: Types.ObjectId; userIds?: Types.ObjectId[]; deleted?: boolean; changes?: number };

/** The snapshot_holders collection: every call is one indexed operation by entity id. */
@Injectable()
export class SnapshotHolders {
  /** FerretDB loses one of two concurrent updates of a document (see KeyedLock in @dblearn/nest-common): one at a time per entity. */
  private readonly lock = new KeyedLock();

  constructor(@InjectModel(SnapshotHolder.name) private readonly holders: Model<SnapshotHolder>) {}

  /** Before a user's copy is written, so that an event never misses a user who holds one. */
  async add(kind: ProgressKind, entityId: string, userId: string): Promise<void> {
    await this.upsert(entityId, { $addToSet: { userIds: userId }, $setOnInsert: { kind, deleted: false, changes: 0 } });
  }

  /** An update event arrived: counted before its users are updated, and answers who holds a copy. */
  async changed(kind: ProgressKind, entityId: string): Promise<Holders> {
    await this.upsert(entityId, { $inc: { changes: 1 }, $setOnInsert: { kind, userIds: [], deleted: false } });
    return (await this.find(entityId))!;
  }

  async find(entityId: string): Promise<Holders | null> {
    const holder = await this.holders.findById(entityId, { userIds: 1, deleted: 1, changes: 1 }).lean<StoredHolder>().exec();
    return holder && { userIds: (holder.userIds ?? []).map((id) => id.toHexString()), deleted: holder.deleted === true, changes: holder.changes ?? 0 };
  }

  /** Marks the entity deleted (a tombstone even if nobody held it: a request may be about to) and answers who held it. */
  async markDeleted(kind: ProgressKind, entityId: string): Promise<string[]> {
    await this.upsert(entityId, { $set: { deleted: true }, $inc: { changes: 1 }, $setOnInsert: { kind, userIds: [] } });
    return (await this.find(entityId))?.userIds ?? [];
  }

  /** The entity exists again (an import brought back its id). */
  async revive(entityId: string): Promise<void> {
    await this.lock.run(entityId, () => this.holders.updateOne({ _id: entityId }, { $set: { deleted: false } }).exec());
  }

  /** For the rebuild command: exactly these holders, alive. */
  async replace(kind: ProgressKind, entityId: string, userIds: readonly string[]): Promise<void> {
    await this.upsert(entityId, { $set: { kind, userIds, deleted: false } });
  }

  private upsert(entityId: string, update: UpdateQuery<SnapshotHolder>): Promise<void> {
    return this.lock.run(entityId, () => this.write(entityId, update));
  }

  private async write(entityId: string, update: UpdateQuery<SnapshotHolder>): Promise<void> {
    try {
      await this.holders.updateOne({ _id: entityId }, update, { upsert: true }).exec();
    } catch (error) {
      // Two first writers for one entity: both tried to insert, one lost; now it exists, so update it.
      if (!isDuplicateKeyError(error)) throw error;
      await this.holders.updateOne({ _id: entityId }, update).exec();
    }
  }
}
