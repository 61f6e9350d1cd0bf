import type { UserProfile } from '@dblearn/contracts';

export interface ProfileStoreOptions {
  /** How long a cached profile may be served; 0 turns the cache off. */
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
}

/**
 * Recently read profiles, least recently used dropped first. A read that overlapped any
 * invalidation is not stored: it may have read the document just before the write.
 */
export class ProfileStore {
  private readonly entries = new Map<string, { profile: UserProfile; expiresAt: number }>();
  private epoch = 0;
  private readonly now: () => number;

  constructor(private readonly options: ProfileStoreOptions) {
    this.now = options.now ?? Date.now;
  }

  get size(): number {
    return this.entries.size;
  }

  get(userId: string): UserProfile | undefined {
    const entry = this.entries.get(userId);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(userId);
      return undefined;
    }
    // Re-insert to mark it most recently used (a Map iterates in insertion order).
    this.entries.delete(userId);
    this.entries.set(userId, entry);
    return entry.profile;
  }

  /** Call before reading from the database; pass the result to `set` with the answer. */
  readStarted(): number {
    return this.epoch;
  }

  set(userId: string, profile: UserProfile, readEpoch: number): void {
    if (this.options.ttlMs <= 0 || readEpoch !== this.epoch) return;
    this.entries.delete(userId);
    this.entries.set(userId, { profile, expiresAt: this.now() + this.options.ttlMs });
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.options.maxEntries) break;
      this.entries.delete(oldest);
    }
  }

  invalidate(userId: string): void {
    this.epoch += 1;
    this.entries.delete(userId);
  }

  clear(): void {
    this.epoch += 1;
    this.entries.clear();
  }
}
