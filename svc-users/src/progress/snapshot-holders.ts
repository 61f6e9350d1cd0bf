import { type DocumentStore, InjectStore } from '@dblearn/nest-common';
import { Injectable } from '@nestjs/common';
import type { Types } from 'mongoose';
import type { ProgressKind } from './progress-kinds.js';
import { SnapshotHolder } from './snapshot-holder.schema.js';

export interface Holders {
  userIds: string[];
  deleted: boolean;
  /** Update and delete events seen so far (see SnapshotHolder.changes). */
  changes: number;
}

type StoredHolder = { _id: Types.ObjectId; userIds?: Types.ObjectId[]; deleted?: boolean; changes?: number };

/** The snapshot_holders collection: one document per entity, found by the entity's id. */
@Injectable()
export class SnapshotHolders {
  constructor(@InjectStore(SnapshotHolder.name) private readonly holders: DocumentStore<SnapshotHolder>) {}

  /** Before a user's copy is written, so that an event never misses a user who holds one. */
  async add(kind: ProgressKind, entityId: string, userId: string): Promise<void> {
    await this.holders.upsert(entityId, { $addToSet: { userIds: userId }, $setOnInsert: { kind, deleted: false, changes: 0 } });
  }

  /** An update event arrived: counted before its users are updated, and answers who holds a copy. */
  async changed(kind: ProgressKind, entityId: string): Promise<Holders> {
    await this.holders.upsert(entityId, { $inc: { changes: 1 }, $setOnInsert: { kind, userIds: [], deleted: false } });
    return (await this.find(entityId))!;
  }

  async find(entityId: string): Promise<Holders | null> {
    const holder = await this.holders.findById<StoredHolder>(entityId, { userIds: 1, deleted: 1, changes: 1 });
    return holder && { userIds: (holder.userIds ?? []).map((id) => id.toHexString()), deleted: holder.deleted === true, changes: holder.changes ?? 0 };
  }

  /** Marks the entity deleted (a tombstone even if nobody held it: a request may be about to) and answers who held it. */
  async markDeleted(kind: ProgressKind, entityId: string): Promise<string[]> {
    await this.holders.upsert(entityId, { $set: { deleted: true }, $inc: { changes: 1 }, $setOnInsert: { kind, userIds: [] } });
    return (await this.find(entityId))?.userIds ?? [];
  }

  /** The entity exists again (an import brought back its id). */
  async revive(entityId: string): Promise<void> {
    await this.holders.update(entityId, { $set: { deleted: false } });
  }

  /** For the rebuild command: exactly these holders, alive. */
  async replace(kind: ProgressKind, entityId: string, userIds: readonly string[]): Promise<void> {
    await this.holders.upsert(entityId, { $set: { kind, userIds, deleted: false } });
  }
}
