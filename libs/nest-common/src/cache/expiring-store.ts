export interface ExpiringStoreOptions {
  /** How long a stored value may be served; 0 turns the store off. */
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
}

/**
 * Recently read values by key (svc-users' profiles, the gateway's copies of them), each for a
 * while, least recently used dropped first. A read that overlapped any invalidation is not
 * stored: it may have read the document just before the write.
 */
export class ExpiringStore<V> {
  private readonly entries = new Map<string, { value: V; expiresAt: number }>();
  private epoch = 0;
  private readonly now: () => number;

  constructor(private readonly options: ExpiringStoreOptions) {
    this.now = options.now ?? Date.now;
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    // Re-insert to mark it most recently used (a Map iterates in insertion order).
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** Call before reading from the database; pass the result to `set` with the answer. */
  readStarted(): number {
    return this.epoch;
  }

  set(key: string, value: V, readEpoch: number): void {
    if (this.options.ttlMs <= 0 || readEpoch !== this.epoch) return;
    this.entries.delete(key);
    this.entries.set(key, { value, expiresAt: this.now() + this.options.ttlMs });
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.options.maxEntries) break;
      this.entries.delete(oldest);
    }
  }

  invalidate(key: string): void {
    this.epoch += 1;
    this.entries.delete(key);
  }

  clear(): void {
    this.epoch += 1;
    this.entries.clear();
  }
}
