import type { AnySnapshot } from './snapshot-kinds.js';

/*
 * How a user's snapshot list changes, as pure functions. Each answers the new list, or null when
 * nothing would change, so a repeated call (a second click, a redelivered event) writes nothing.
 */

/** Same entity, same copied fields (field order does not matter). */
export function sameSnapshot(a: AnySnapshot, b: AnySnapshot): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) {
    if ((a as unknown as Record<string, unknown>)[key] !== (b as unknown as Record<string, unknown>)[key]) return false;
  }
  return true;
}

/** Adds the snapshot, or freshens the copy already there in its place: never a second copy. */
export function putSnapshot<T extends AnySnapshot>(list: readonly T[], snapshot: T): T[] | null {
  const at = list.findIndex((item) => item._id === snapshot._id);
  if (at === -1) return [...list, snapshot];
  return replaceAt(list, at, snapshot);
}

/** Freshens the copy if the user holds one; a user who does not hold it gets none. */
export function refreshSnapshot<T extends AnySnapshot>(list: readonly T[], snapshot: T): T[] | null {
  const at = list.findIndex((item) => item._id === snapshot._id);
  return at === -1 ? null : replaceAt(list, at, snapshot);
}

/** Removes every copy of these entities (a duplicate left by older code goes too). */
export function dropSnapshots<T extends AnySnapshot>(list: readonly T[], ids: ReadonlySet<string>): T[] | null {
  const kept = list.filter((item) => !ids.has(item._id));
  return kept.length === list.length ? null : kept;
}

function replaceAt<T extends AnySnapshot>(list: readonly T[], at: number, snapshot: T): T[] | null {
  const current = list[at]!;
  const duplicates = list.some((item, index) => index !== at && item._id === snapshot._id);
  if (sameSnapshot(current, snapshot) && !duplicates) return null;
  return list.flatMap((item, index) => (index === at ? [snapshot] : item._id === snapshot._id ? [] : [item]));
}
