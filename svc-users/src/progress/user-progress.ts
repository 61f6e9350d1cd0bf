import { type DocumentStore, InjectStore } from '@dblearn/nest-common';
import { Inject, Injectable } from '@nestjs/common';
import type { Types } from 'mongoose';
import { ProfileCache } from '../users/profile-cache.js';
import { type DeckCard, toDeckCard, toFinishedProject, toReadTutorial, toSavedQuestion } from '../users/user.mapper.js';
import { User } from '../users/users.schema.js';
import { type ProgressKind, PROGRESS_LISTS, type ProgressEntryOf } from './progress-kinds.js';

/** How often a write is applied again when its read-back does not show it. */
const MAX_WRITES = 8;

export type ListChange = 'changed' | 'unchanged' | 'no-user';

export type StoredLists = Partial<Pick<User, 'finishedProject' | 'savedQuestion' | 'readTutorial' | 'reviewCard' | 'activeDays'>> & { _id: Types.ObjectId };

export const READERS: { [K in ProgressKind]: (user: StoredLists) => ProgressEntryOf[K][] } = {
  project: (user) => (user.finishedProject ?? []).map(toFinishedProject),
  question: (user) => (user.savedQuestion ?? []).map(toSavedQuestion),
  tutorial: (user) => (user.readTutorial ?? []).map(toReadTutorial),
};

const readDeck = (user: StoredLists): DeckCard[] => (user.reviewCard ?? []).map(toDeckCard);

/**
 * Every write to a user's progress lists goes through here: the list is read, changed in memory and
 * written back whole, atomically per user (the user store spans processes: instances and the
 * rebuild command). Each write is read back and applied again if the change is not there (a write
 * that does not go through the store, such as a password re-hash, landed at the same moment). Each
 * write drops the cached profile everywhere.
 */
@Injectable()
export class UserProgress {
  constructor(
    @InjectStore(User.name) private readonly users: DocumentStore<User>,
    /** Told after each write, awaited before it answers; the rebuild command passes its own announcer. */
    @Inject(ProfileCache) private readonly profiles: { changed(userId: string): Promise<void> | void },
  ) {}

  change<K extends ProgressKind>(userId: string, kind: K, next: (list: ProgressEntryOf[K][]) => ProgressEntryOf[K][] | null): Promise<ListChange> {
    return this.users.atomically(userId, () => this.write(userId, PROGRESS_LISTS[kind], READERS[kind], next));
  }

  /** The review deck (issue 34), written like the lists. It is not in the profile, but a write still drops it. */
  changeDeck(userId: string, next: (deck: DeckCard[]) => DeckCard[] | null): Promise<ListChange> {
    return this.users.atomically(userId, () => this.write(userId, 'reviewCard', readDeck, next));
  }

  /** The days the learner was active (the streak's), written like the lists. */
  changeActiveDays(userId: string, next: (days: string[]) => string[] | null): Promise<ListChange> {
    return this.users.atomically(userId, () => this.write(userId, 'activeDays', (user) => [...(user.activeDays ?? [])], next));
  }

  /** The deck and the active days as stored; null when there is no such user. */
  async deck(userId: string): Promise<{ deck: DeckCard[]; activeDays: string[] } | null> {
    const user = await this.users.findById<StoredLists>(userId, { reviewCard: 1, activeDays: 1 });
    return user && { deck: readDeck(user), activeDays: user.activeDays ?? [] };
  }

  private async write<T>(userId: string, field: keyof StoredLists, reader: (user: StoredLists) => T[], next: (list: T[]) => T[] | null): Promise<ListChange> {
    const read = () => this.users.findById<StoredLists>(userId, { [field]: 1 });
    let user = await read();
    for (let writes = 0; ; writes += 1) {
      // `next` answers null once the stored list already shows the change: after a write, that is the check.
      const list = user && next(reader(user));
      if (!user || list === null) {
        if (writes > 0) await this.profiles.changed(userId);
        return writes > 0 ? 'changed' : user ? 'unchanged' : 'no-user';
      }
      if (writes === MAX_WRITES) break;
      await this.users.update(user._id, { $set: { [field]: list }, $inc: { snapshotRev: 1 } });
      user = await read();
    }
    await this.profiles.changed(userId);
    throw new Error(`The ${field} list of user ${userId} kept changing under ${MAX_WRITES} writes of it.`);
  }
}
