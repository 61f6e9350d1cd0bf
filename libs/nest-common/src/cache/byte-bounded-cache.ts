export interface ByteBoundedCacheStats {
  entries: number;
  bytes: number;
  maxBytes: number;
}

/**
 * Entries by key, bounded by the bytes they hold (least recently used goes first). Every write of
 * what an entry was built from drops it (`drop`); a load that started before a drop never stores
 * what it read, since it may be the version the write replaced. Concurrent reads of a cold key share
 * one load; a load that fails or finds nothing stores nothing.
 */
export class ByteBoundedCache<E extends { readonly size: number }> {
  private readonly entries = new Map<string, E>();
  private readonly loading = new Map<string, Promise<E | null>>();
  private bytes = 0;
  private drops = 0;

  constructor(private readonly maxBytes: number) {}

  async getOrLoad(key: string, load: () => Promise<E | null>): Promise<E | null> {
    const cached = this.entries.get(key);
    if (cached) {
      // Most recently used goes last; the first in the map is the first evicted.
      this.entries.delete(key);
      this.entries.set(key, cached);
      return cached;
    }
    const pending = this.loading.get(key);
    if (pending) return pending;
    const dropsBefore = this.drops;
    const loaded = load().then((entry) => {
      if (entry !== null && this.drops === dropsBefore) this.store(key, entry);
      return entry;
    });
    this.loading.set(key, loaded);
    try {
      return await loaded;
    } finally {
      if (this.loading.get(key) === loaded) this.loading.delete(key);
    }
  }

  drop(key: string): void {
    this.drops += 1;
    this.forget(key);
    // A load that started before this drop may return the old version: later readers start afresh.
    this.loading.delete(key);
  }

  clear(): void {
    this.drops += 1;
    this.entries.clear();
    this.loading.clear();
    this.bytes = 0;
  }

  stats(): ByteBoundedCacheStats {
    return { entries: this.entries.size, bytes: this.bytes, maxBytes: this.maxBytes };
  }

  private store(key: string, entry: E): void {
    // One entry larger than the whole bound is answered but not kept.
    if (entry.size > this.maxBytes) return;
    this.forget(key);
    this.entries.set(key, entry);
    this.bytes += entry.size;
    for (const [oldest, old] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= old.size;
    }
  }

  private forget(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.size;
  }
}
