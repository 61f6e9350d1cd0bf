import type { Model, Types } from 'mongoose';
import { eachLimited } from '../common/each-limited.js';
import type { ContentClient } from '../content/content.client.js';
import { isNotFound } from '../content/content.client.js';
import type { User } from '../users/users.schema.js';
import type { SnapshotHolders } from './snapshot-holders.js';
import { type AnySnapshot, SNAPSHOT_KINDS, SNAPSHOT_LISTS, type SnapshotKind } from './snapshot-kinds.js';
import { dropSnapshots, refreshSnapshot } from './snapshot-lists.js';
import { READERS, type StoredLists, type UserSnapshots } from './user-snapshots.js';

/** svc-content is asked about this many entities at once. */
const CONTENT_CONCURRENCY = 8;

export interface RebuildReport {
  users: number;
  usersChanged: number;
  /** Distinct entities the users held copies of, per kind. */
  entities: Record<SnapshotKind, number>;
  /** Of those, the ones svc-content no longer has (their copies were removed). */
  gone: Record<SnapshotKind, number>;
}

export interface RebuildParts {
  users: Model<User>;
  lists: UserSnapshots;
  holders: SnapshotHolders;
  content: Pick<ContentClient, 'snapshot'>;
}

/**
 * Makes every user's copies agree with svc-content again, for when svc-users missed events (it was
 * down longer than the events stream keeps them): reads every user once (a scan: this is a
 * maintenance command, not a request), asks svc-content for each entity held once, then freshens
 * or removes each copy and rewrites snapshot_holders. Nothing is written unless svc-content
 * answered for every entity, so an outage of svc-content cannot empty anyone's lists.
 */
export async function rebuildSnapshots({ users, lists, holders, content }: RebuildParts): Promise<RebuildReport> {
  const projection = Object.fromEntries(Object.values(SNAPSHOT_LISTS).map((field) => [field, 1]));
  const holdersOf = Object.fromEntries(SNAPSHOT_KINDS.map((kind) => [kind, new Map<string, Set<string>>()])) as Record<SnapshotKind, Map<string, Set<string>>>;
  let userCount = 0;
  for await (const user of users.find({}, projection).lean<StoredLists>().cursor()) {
    userCount += 1;
    for (const kind of SNAPSHOT_KINDS) {
      for (const snapshot of READERS[kind](user)) {
        const ids = holdersOf[kind].get(snapshot._id) ?? new Set<string>();
        ids.add((user._id as Types.ObjectId).toHexString());
        holdersOf[kind].set(snapshot._id, ids);
      }
    }
  }

  // Ask first, write after: a failure here leaves everything as it was.
  const current = Object.fromEntries(SNAPSHOT_KINDS.map((kind) => [kind, new Map<string, AnySnapshot | null>()])) as Record<SnapshotKind, Map<string, AnySnapshot | null>>;
  for (const kind of SNAPSHOT_KINDS) {
    await eachLimited([...holdersOf[kind].keys()], CONTENT_CONCURRENCY, async (id) => {
      current[kind].set(id, await content.snapshot(kind, id).catch((error: unknown) => {
        if (isNotFound(error)) return null;
        throw error;
      }));
    });
  }

  const changedUsers = new Set<string>();
  for (const kind of SNAPSHOT_KINDS) {
    const byUser = new Map<string, string[]>();
    for (const [entityId, userIds] of holdersOf[kind]) for (const userId of userIds) byUser.set(userId, [...(byUser.get(userId) ?? []), entityId]);
    for (const [userId, entityIds] of byUser) {
      const outcome = await lists.change(userId, kind, (list) => {
        const gone = new Set(entityIds.filter((id) => current[kind].get(id) === null));
        let next: typeof list | null = dropSnapshots(list, gone);
        for (const id of entityIds) {
          const fresh = current[kind].get(id);
          if (fresh) next = refreshSnapshot(next ?? list, fresh as typeof list[number]) ?? next;
        }
        return next;
      });
      if (outcome === 'changed') changedUsers.add(userId);
    }
    for (const [entityId, userIds] of holdersOf[kind]) {
      if (current[kind].get(entityId) === null) await holders.markDeleted(kind, entityId);
      else await holders.replace(kind, entityId, [...userIds]);
    }
  }

  const count = (pick: (kind: SnapshotKind) => number) => Object.fromEntries(SNAPSHOT_KINDS.map((kind) => [kind, pick(kind)])) as Record<SnapshotKind, number>;
  return {
    users: userCount,
    usersChanged: changedUsers.size,
    entities: count((kind) => holdersOf[kind].size),
    gone: count((kind) => [...current[kind].values()].filter((value) => value === null).length),
  };
}
