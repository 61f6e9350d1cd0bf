import type { SavedQuestion } from '@dblearn/contracts';
import type { Model, Types } from 'mongoose';
import { eachLimited } from '../common/each-limited.js';
import type { ContentClient } from './content.client.js';
import { isNotFound } from './content.client.js';
import { dropCards, refreshCards } from './review/review-cards.js';
import type { DeckCard } from '../users/user.mapper.js';
import type { User } from '../users/users.schema.js';
import type { SnapshotHolders } from './snapshot-holders.js';
import { type ProgressEntry, PROGRESS_KINDS, PROGRESS_LISTS, type ProgressKind } from './progress-kinds.js';
import { dropEntries, refreshEntry } from './progress-lists.js';
import { READERS, type StoredLists, type UserProgress } from './user-progress.js';

/** svc-content is asked about this many entities at once. */
const CONTENT_CONCURRENCY = 8;

export interface RebuildReport {
  users: number;
  usersChanged: number;
  /** Distinct entities the users held copies of, per kind. */
  entities: Record<ProgressKind, number>;
  /** Of those, the ones svc-content no longer has (their copies were removed). */
  gone: Record<ProgressKind, number>;
}

export interface RebuildParts {
  users: Model<User>;
  lists: UserProgress;
  holders: SnapshotHolders;
  content: Pick<ContentClient, 'progressEntry'>;
}

/**
 * Makes every user's copies agree with svc-content again, for when svc-users missed events (it was
 * down longer than the events stream keeps them): reads every user once (a scan: this is a
 * maintenance command, not a request), asks svc-content for each entity held once, then freshens
 * or removes each copy and rewrites snapshot_holders. Nothing is written unless svc-content
 * answered for every entity, so an outage of svc-content cannot empty anyone's lists.
 */
/** The deck with the cards of deleted questions dropped and the others' copies as svc-content has them now. */
function freshDeck(deck: DeckCard[], entityIds: readonly string[], current: ReadonlyMap<string, ProgressEntry | null>): DeckCard[] | null {
  let next = dropCards(deck, new Set(entityIds.filter((id) => current.get(id) === null)));
  for (const id of entityIds) {
    const fresh = current.get(id);
    if (fresh) next = refreshCards(next ?? deck, fresh as SavedQuestion) ?? next;
  }
  return next;
}

export async function rebuildProgress({ users, lists, holders, content }: RebuildParts): Promise<RebuildReport> {
  // The review deck's cards hold interview questions too (issue 34).
  const projection = { ...Object.fromEntries(Object.values(PROGRESS_LISTS).map((field) => [field, 1])), reviewCard: 1 };
  const holdersOf = Object.fromEntries(PROGRESS_KINDS.map((kind) => [kind, new Map<string, Set<string>>()])) as Record<ProgressKind, Map<string, Set<string>>>;
  let userCount = 0;
  for await (const user of users.find({}, projection).lean<StoredLists>().cursor()) {
    userCount += 1;
    for (const kind of PROGRESS_KINDS) {
      const held = kind === 'question' ? [...READERS.question(user), ...(user.reviewCard ?? []).map((card) => ({ _id: card._id.toHexString() }))] : READERS[kind](user);
      for (const entry of held) {
        const ids = holdersOf[kind].get(entry._id) ?? new Set<string>();
        ids.add((user._id as Types.ObjectId).toHexString());
        holdersOf[kind].set(entry._id, ids);
      }
    }
  }

  // Ask first, write after: a failure here leaves everything as it was.
  const current = Object.fromEntries(PROGRESS_KINDS.map((kind) => [kind, new Map<string, ProgressEntry | null>()])) as Record<ProgressKind, Map<string, ProgressEntry | null>>;
  for (const kind of PROGRESS_KINDS) {
    await eachLimited([...holdersOf[kind].keys()], CONTENT_CONCURRENCY, async (id) => {
      current[kind].set(id, await content.progressEntry(kind, id).catch((error: unknown) => {
        if (isNotFound(error)) return null;
        throw error;
      }));
    });
  }

  const changedUsers = new Set<string>();
  for (const kind of PROGRESS_KINDS) {
    const byUser = new Map<string, string[]>();
    for (const [entityId, userIds] of holdersOf[kind]) for (const userId of userIds) byUser.set(userId, [...(byUser.get(userId) ?? []), entityId]);
    for (const [userId, entityIds] of byUser) {
      const outcome = await lists.change(userId, kind, (list) => {
        const gone = new Set(entityIds.filter((id) => current[kind].get(id) === null));
        let next: typeof list | null = dropEntries(list, gone);
        for (const id of entityIds) {
          const fresh = current[kind].get(id);
          if (fresh) next = refreshEntry(next ?? list, fresh as typeof list[number]) ?? next;
        }
        return next;
      });
      if (outcome === 'changed') changedUsers.add(userId);
      if (kind === 'question' && (await lists.changeDeck(userId, (deck) => freshDeck(deck, entityIds, current.question))) === 'changed') changedUsers.add(userId);
    }
    for (const [entityId, userIds] of holdersOf[kind]) {
      if (current[kind].get(entityId) === null) await holders.markDeleted(kind, entityId);
      else await holders.replace(kind, entityId, [...userIds]);
    }
  }

  const count = (pick: (kind: ProgressKind) => number) => Object.fromEntries(PROGRESS_KINDS.map((kind) => [kind, pick(kind)])) as Record<ProgressKind, number>;
  return {
    users: userCount,
    usersChanged: changedUsers.size,
    entities: count((kind) => holdersOf[kind].size),
    gone: count((kind) => [...current[kind].values()].filter((value) => value === null).length),
  };
}
