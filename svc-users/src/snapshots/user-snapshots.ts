import { KeyedLock } from '@dblearn/nest-common';
import { Inject, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model, Types } from 'mongoose';
import { ProfileCache } from '../users/profile-cache.js';
import { toFinishedProject, toReadTutorial, toSavedQuestion } from '../users/user.mapper.js';
import { User } from '../users/users.schema.js';
import { type SnapshotKind, SNAPSHOT_LISTS, type SnapshotOf } from './snapshot-kinds.js';

/** How often a write is retried when another writer changed the same user's lists meanwhile. */
const MAX_ATTEMPTS = 8;

export type ListChange = 'changed' | 'unchanged' | 'no-user';

export type StoredLists = Partial<Pick<User, 'finishedProject' | 'savedQuestion' | 'readTutorial'>> & { _id: Types.ObjectId; snapshotRev?: number };

export const READERS: { [K in SnapshotKind]: (user: StoredLists) => SnapshotOf[K][] } = {
  project: (user) => (user.finishedProject ?? []).map(toFinishedProject),
  question: (user) => (user.savedQuestion ?? []).map(toSavedQuestion),
  tutorial: (user) => (user.readTutorial ?? []).map(toReadTutorial),
};

/**
 * Every write to a user's snapshot lists goes through here. FerretDB has no positional operator and
 * no transactions, so a list is read, changed in memory and written back whole, on condition that
 * `snapshotRev` is still what was read; if another writer came first, it starts over. One lookup
 * and one update by `_id` each time (both indexed). Each write drops the cached profile everywhere.
 * The guard is what protects on MongoDB, across instances; FerretDB ignores it under concurrency,
 * so writes for one user are also queued within the process.
 */
@Injectable()
export class UserSnapshots {
  /** One write at a time per user in this process: FerretDB does not isolate concurrent updates (see KeyedLock in @dblearn/nest-common). */
  private readonly lock = new KeyedLock();

  constructor(
    @InjectModel(User.name) private readonly users: Model<User>,
    /** Told after each write; the rebuild command passes its own announcer. */
    @Inject(ProfileCache) private readonly profiles: Pick<ProfileCache, 'changed'>,
  ) {}

  change<K extends SnapshotKind>(userId: string, kind: K, next: (list: SnapshotOf[K][]) => SnapshotOf[K][] | null): Promise<ListChange> {
    return this.lock.run(userId, () => this.write(userId, kind, next));
  }

  private async write<K extends SnapshotKind>(userId: string, kind: K, next: (list: SnapshotOf[K][]) => SnapshotOf[K][] | null): Promise<ListChange> {
    const field = SNAPSHOT_LISTS[kind];
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
      const user = await this.users.findById(userId, { [field]: 1, snapshotRev: 1 }).lean<StoredLists>().exec();
      if (!user) return 'no-user';
      const list = next(READERS[kind](user));
      if (list === null) return 'unchanged';
      const rev = user.snapshotRev;
      const result = await this.users
        .updateOne({ _id: user._id, snapshotRev: rev ?? { $exists: false } }, { $set: { [field]: list }, $inc: { snapshotRev: 1 } })
        .exec();
      if (result.matchedCount === 1) {
        this.profiles.changed(userId);
        return 'changed';
      }
    }
    throw new Error(`The ${field} list of user ${userId} kept changing under ${MAX_ATTEMPTS} attempts to write it.`);
  }
}
