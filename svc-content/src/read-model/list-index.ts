import type { ListPage, Topic } from '@dblearn/contracts';

/** What a list keeps per item: its answer shape plus what orders and filters it. */
export interface Listed<T> {
  item: T;
  id: string;
  topic: Topic;
  createdAt: number;
}

/**
 * An in-memory list (DESIGN "Reads at scale"): every item in list order (oldest first, ties by id),
 * once overall and once per topic, so a page of any filter is a slice, never a scan of the
 * database. Upserts and removals keep both orders; they are idempotent, so replaying an event is harmless.
 */
export class ListIndex<T> {
  private readonly byId = new Map<string, Listed<T>>();
  private all: Listed<T>[] = [];
  private readonly byTopic = new Map<Topic, Listed<T>[]>();

  get size(): number {
    return this.byId.size;
  }

  get(id: string): T | undefined {
    return this.byId.get(id)?.item;
  }

  /** Every item in list order (for export). */
  ids(): string[] {
    return this.all.map((entry) => entry.id);
  }

  /** Replaces the whole list at once (start-up load). */
  reset(entries: Iterable<Listed<T>>): void {
    this.byId.clear();
    this.byTopic.clear();
    this.all = [];
    for (const entry of entries) this.byId.set(entry.id, entry);
    this.all = [...this.byId.values()].sort(compare);
    for (const entry of this.all) this.topicList(entry.topic).push(entry);
  }

  upsert(entry: Listed<T>): void {
    this.remove(entry.id);
    this.byId.set(entry.id, entry);
    insertSorted(this.all, entry);
    insertSorted(this.topicList(entry.topic), entry);
  }

  remove(id: string): void {
    const existing = this.byId.get(id);
    if (!existing) return;
    this.byId.delete(id);
    removeSorted(this.all, existing);
    removeSorted(this.topicList(existing.topic), existing);
  }

  page(topic: Topic | undefined, page: number, pageSize: number): ListPage<T> {
    const list = topic ? (this.byTopic.get(topic) ?? []) : this.all;
    const start = (page - 1) * pageSize;
    return { items: list.slice(start, start + pageSize).map((entry) => entry.item), total: list.length };
  }

  private topicList(topic: Topic): Listed<T>[] {
    let list = this.byTopic.get(topic);
    if (!list) {
      list = [];
      this.byTopic.set(topic, list);
    }
    return list;
  }
}

function compare(a: Listed<unknown>, b: Listed<unknown>): number {
  if (a.createdAt !== b.createdAt) return a.createdAt - b.createdAt;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Index of the first entry not before `entry` (binary search). */
function lowerBound(list: readonly Listed<unknown>[], entry: Listed<unknown>): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compare(list[middle]!, entry) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

function insertSorted<T>(list: Listed<T>[], entry: Listed<T>): void {
  list.splice(lowerBound(list, entry), 0, entry);
}

function removeSorted<T>(list: Listed<T>[], entry: Listed<T>): void {
  const at = lowerBound(list, entry);
  if (list[at]?.id === entry.id) list.splice(at, 1);
}
