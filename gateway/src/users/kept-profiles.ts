import { CHANGE_SUBJECTS, CHANGED_EVERYTHING, type UserProfile } from '@dblearn/contracts';
import { ExpiringStore } from '@dblearn/nest-common';
import { Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { ChangeFeed } from '../services/change-feed.js';
import { ServiceClients } from '../services/service-clients.js';

/** As svc-users' own profile cache: a missed announcement can leave a profile stale this long at most. */
const KEPT_PROFILE_TTL_MS = 30_000;
const MAX_KEPT_PROFILES = 10_000;

/**
 * GET /users/me without a trip to svc-users while the caller's profile is unchanged (issue 20).
 * A profile is dropped when svc-users announces a write of that user (CHANGE_SUBJECTS.profile:
 * every writer, its other instances and its commands), and at once when this gateway forwards one
 * of the caller's own progress writes, so a learner always reads what they just did. Nothing is kept
 * while NATS is down, and everything is dropped when it comes back.
 */
@Injectable()
export class KeptProfiles implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly kept = new ExpiringStore<UserProfile>({ ttlMs: KEPT_PROFILE_TTL_MS, maxEntries: MAX_KEPT_PROFILES });
  private readonly changes: ChangeFeed;

  constructor(services: ServiceClients) {
    this.changes = new ChangeFeed(services.get('users'), CHANGE_SUBJECTS.profile, {
      changed: (_subject, userId) => (userId === CHANGED_EVERYTHING ? this.kept.clear() : this.kept.invalidate(userId)),
      lost: () => this.kept.clear(),
    });
  }

  async getOrLoad(userId: string, load: () => Promise<UserProfile>): Promise<UserProfile> {
    const kept = this.changes.live ? this.kept.get(userId) : undefined;
    if (kept) return kept;
    const epoch = this.kept.readStarted();
    const profile = await load();
    if (this.changes.live) this.kept.set(userId, profile, epoch);
    return profile;
  }

  /** Before and after a write of the user's document that this gateway forwards. */
  async whileWriting<T>(userId: string, write: () => Promise<T>): Promise<T> {
    this.kept.invalidate(userId);
    try {
      return await write();
    } finally {
      this.kept.invalidate(userId);
    }
  }

  onApplicationBootstrap(): void {
    this.changes.start();
  }

  onApplicationShutdown(): void {
    this.changes.stop();
  }
}
