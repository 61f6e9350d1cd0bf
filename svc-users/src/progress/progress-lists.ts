import type { ProgressEntry } from './progress-kinds.js';

/*
 * How a user's progress list changes, as pure functions. Each answers the new list, or null when
 * nothing would change, so a repeated call (a second click, a redelivered event) writes nothing.
 */

/** Same entity, same copied fields (field order does not matter). */
export function sameEntry(a: ProgressEntry, b: ProgressEntry): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) {
    if ((a as unknown as Record<string, unknown>)[key] !== (b as unknown as Record<string, unknown>)[key]) return false;
  }
  return true;
}

/** Adds the entry, or freshens the copy already there in its place: never a second copy. */
export function putEntry<T extends ProgressEntry>(list: readonly T[], entry: T): T[] | null {
  const at = list.findIndex((item) => item._id === entry._id);
  if (at === -1) return [...list, entry];
  return replaceAt(list, at, entry);
}

/** Freshens the copy if the user holds one; a user who does not hold it gets none. */
export function refreshEntry<T extends ProgressEntry>(list: readonly T[], entry: T): T[] | null {
  const at = list.findIndex((item) => item._id === entry._id);
  return at === -1 ? null : replaceAt(list, at, entry);
}

/** Removes every copy of these entities (a duplicate left by older code goes too). */
export function dropEntries<T extends ProgressEntry>(list: readonly T[], ids: ReadonlySet<string>): T[] | null {
  const kept = list.filter((item) => !ids.has(item._id));
  return kept.length === list.length ? null : kept;
}

function replaceAt<T extends ProgressEntry>(list: readonly T[], at: number, entry: T): T[] | null {
  const current = list[at]!;
  const duplicates = list.some((item, index) => index !== at && item._id === entry._id);
  if (sameEntry(current, entry) && !duplicates) return null;
  return list.flatMap((item, index) => (index === at ? [entry] : item._id === entry._id ? [] : [item]));
}
