import { KeyedLock } from '@dblearn/nest-common';
import { Inject, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model, Types } from 'mongoose';
import { ProfileCache } from '../users/profile-cache.js';
import { toFinishedProject, toReadTutorial, toSavedQuestion } from '../users/user.mapper.js';
import { User } from '../users/users.schema.js';
import { type ProgressKind, PROGRESS_LISTS, type ProgressEntryOf } from './progress-kinds.js';
import { UserWriteClaims } from './user-write-claims.js';

/** How often a write is applied again when its read-back does not show it. */
const MAX_WRITES = 8;

export type ListChange = 'changed' | 'unchanged' | 'no-user';

export type StoredLists = Partial<Pick<User, 'finishedProject' | 'savedQuestion' | 'readTutorial'>> & { _id: Types.ObjectId };

export const READERS: { [K in ProgressKind]: (user: StoredLists) => ProgressEntryOf[K][] } = {
  project: (user) => (user.finishedProject ?? []).map(toFinishedProject),
  question: (user) => (user.savedQuestion ?? []).map(toSavedQuestion),
  tutorial: (user) => (user.readTutorial ?? []).map(toReadTutorial),
};

/**
 * Every write to a user's progress lists goes through here. FerretDB has no positional operator and
 * no transactions, so a list is read, changed in memory and written back whole, each step by `_id`
 * alone: FerretDB scans the whole users collection for any other filter (the old `{_id, snapshotRev}`
 * guard did, on every progress write), and that guard isolated nothing there anyway.
 * So writes for one user are serialized instead: queued within the process (KeyedLock), then one
 * process at a time through a claim document (UserWriteClaims). Each write is read back by `_id`
 * and applied again if the change is not there (a write outside the claim, such as a password
 * re-hash, landed at the same moment and FerretDB kept only one). Each write drops the cached
 * profile everywhere.
 */
@Injectable()
export class UserProgress {
  /** One write at a time per user in this process: FerretDB does not isolate concurrent updates (see KeyedLock in @dblearn/nest-common). */
  private readonly lock = new KeyedLock();

  constructor(
    @InjectModel(User.name) private readonly users: Model<User>,
    private readonly claims: UserWriteClaims,
    /** Told after each write; the rebuild command passes its own announcer. */
    @Inject(ProfileCache) private readonly profiles: Pick<ProfileCache, 'changed'>,
  ) {}

  change<K extends ProgressKind>(userId: string, kind: K, next: (list: ProgressEntryOf[K][]) => ProgressEntryOf[K][] | null): Promise<ListChange> {
    return this.lock.run(userId, () => this.claims.run(userId, () => this.write(userId, kind, next)));
  }

  private async write<K extends ProgressKind>(userId: string, kind: K, next: (list: ProgressEntryOf[K][]) => ProgressEntryOf[K][] | null): Promise<ListChange> {
    const field = PROGRESS_LISTS[kind];
    const read = () => this.users.findById(userId, { [field]: 1 }).lean<StoredLists>().exec();
    let user = await read();
    for (let writes = 0; ; writes += 1) {
      // `next` answers null once the stored list already shows the change: after a write, that is the check.
      const list = user && next(READERS[kind](user));
      if (!user || list === null) {
        if (writes > 0) this.profiles.changed(userId);
        return writes > 0 ? 'changed' : user ? 'unchanged' : 'no-user';
      }
      if (writes === MAX_WRITES) break;
      await this.users.updateOne({ _id: user._id }, { $set: { [field]: list }, $inc: { snapshotRev: 1 } }).exec();
      user = await read();
    }
    this.profiles.changed(userId);
    throw new Error(`The ${field} list of user ${userId} kept changing under ${MAX_WRITES} writes of it.`);
  }
}
