/** One list item as a read model keeps it: a few fields of a document, `_id` as text. */
export interface Summary {
  _id: string;
}

export type SortValue = string | number | boolean | null | undefined;
export type Filterable = string | number | boolean;

export interface Page<S> {
  items: S[];
  total: number;
}

export interface PageQuery<S> {
  /** Equality on the declared filter fields (an array-valued field matches when it contains the value). */
  where?: Partial<Record<keyof S & string, Filterable | undefined>>;
  offset: number;
  limit: number;
}

export interface SummaryStoreOptions<S extends Summary> {
  /** The list order: this field, then `_id`. */
  orderBy: keyof S & string;
  direction: 'asc' | 'desc';
  /** Fields a page may filter on; every combination of them gets its own sorted list. At most 3. */
  filters?: readonly (keyof S & string)[];
}

const MAX_FILTERS = 3;

function compareValues(a: SortValue, b: SortValue): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return -1;
  if (b === null || b === undefined) return 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Summaries in list order, per filter: one sorted array per combination of filter values, so a
 * page is a slice (O(page size), however deep) and its total the array's length. A change costs a
 * binary search and a splice per array the summary is in. Pure data structure, no I/O.
 */
export class SummaryStore<S extends Summary> {
  private readonly byId = new Map<string, S>();
  private readonly lists = new Map<string, S[]>();
  private readonly filters: readonly (keyof S & string)[];
  private readonly subsets: (keyof S & string)[][];
  private readonly compare: (a: S, b: S) => number;

  constructor(private readonly options: SummaryStoreOptions<S>) {
    this.filters = [...(options.filters ?? [])].sort();
    if (this.filters.length > MAX_FILTERS) throw new Error(`A read model filters on at most ${MAX_FILTERS} fields.`);
    // Every subset of the filter fields, the empty one (the whole list) included.
    this.subsets = [[]];
    for (const field of this.filters) for (const subset of [...this.subsets]) this.subsets.push([...subset, field]);
    const field = options.orderBy;
    this.compare = (a, b) => compareValues(a[field] as SortValue, b[field] as SortValue) || (a._id < b._id ? -1 : a._id > b._id ? 1 : 0);
  }

  get size(): number {
    return this.byId.size;
  }

  get(id: string): S | undefined {
    return this.byId.get(id);
  }

  /** Every summary in ascending list order (what a snapshot saves). */
  all(): readonly S[] {
    return this.lists.get('') ?? [];
  }

  /** Replaces everything at once (sorting once is far cheaper than inserting one by one). */
  load(summaries: Iterable<S>): void {
    this.byId.clear();
    this.lists.clear();
    for (const summary of summaries) this.byId.set(summary._id, summary);
    const sorted = [...this.byId.values()].sort(this.compare);
    for (const summary of sorted) for (const key of this.keysOf(summary)) this.list(key).push(summary);
  }

  upsert(summary: S): void {
    this.remove(summary._id);
    this.byId.set(summary._id, summary);
    for (const key of this.keysOf(summary)) {
      const list = this.list(key);
      list.splice(this.lowerBound(list, summary), 0, summary);
    }
  }

  remove(id: string): void {
    const old = this.byId.get(id);
    if (!old) return;
    this.byId.delete(id);
    for (const key of this.keysOf(old)) {
      const list = this.lists.get(key);
      if (!list) continue;
      const index = this.lowerBound(list, old);
      if (list[index] === old) list.splice(index, 1);
      if (list.length === 0 && key !== '') this.lists.delete(key);
    }
  }

  page({ where = {}, offset, limit }: PageQuery<S>): Page<S> {
    const list = this.lists.get(this.keyOf(where)) ?? [];
    const total = list.length;
    if (this.options.direction === 'asc') return { items: list.slice(offset, offset + limit), total };
    const end = Math.max(total - offset, 0);
    return { items: list.slice(Math.max(end - limit, 0), end).reverse(), total };
  }

  private list(key: string): S[] {
    let list = this.lists.get(key);
    if (!list) this.lists.set(key, (list = []));
    return list;
  }

  private lowerBound(list: readonly S[], summary: S): number {
    let low = 0;
    let high = list.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.compare(list[middle]!, summary) < 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  private keyOf(where: Partial<Record<string, Filterable | undefined>>): string {
    const parts: string[] = [];
    for (const [field, value] of Object.entries(where)) {
      if (value === undefined) continue;
      if (!this.filters.includes(field as keyof S & string)) throw new Error(`This read model does not filter on "${field}".`);
      parts.push(`${field}=${String(value)}`);
    }
    return parts.sort().join('&');
  }

  /** The keys of every list the summary belongs to. */
  private keysOf(summary: S): string[] {
    const keys: string[] = [];
    for (const subset of this.subsets) {
      let combos: string[][] = [[]];
      for (const field of subset) {
        const raw = summary[field] as unknown;
        const values = (Array.isArray(raw) ? raw : [raw]).filter((value) => value !== undefined && value !== null);
        combos = combos.flatMap((combo) => [...new Set(values)].map((value) => [...combo, `${field}=${String(value)}`]));
      }
      for (const combo of combos) keys.push(combo.join('&'));
    }
    return keys;
  }
}
