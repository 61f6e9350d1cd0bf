import { CHANGE_SUBJECTS } from '@dblearn/contracts';
import type { UserProfile } from '@dblearn/contracts';
import { EventsConnection, ExpiringStore, KeptRegistry } from '@dblearn/nest-common';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { USERS_CONFIG, type UsersConfig } from '../config/users-config.js';

const MAX_ENTRIES = 10_000;

/**
 * GET /users/me is the hottest call, and FerretDB spends about 2 ms of CPU on one lookup by id, so
 * svc-users keeps recently read profiles for a short while. Every write to a user document calls
 * `changed()`, which drops the entry here and, over NATS, in every other instance; the time limit
 * (PROFILE_CACHE_TTL_MS) bounds how stale a profile can get if such a message is ever missed.
 */
@Injectable()
export class ProfileCache {
  private readonly logger = new Logger('ProfileCache');
  private readonly store: ExpiringStore<UserProfile>;

  constructor(
    @Inject(USERS_CONFIG) config: Pick<UsersConfig, 'profileCacheTtlMs'>,
    private readonly events: EventsConnection,
    kept: KeptRegistry,
  ) {
    this.store = new ExpiringStore<UserProfile>({ ttlMs: config.profileCacheTtlMs, maxEntries: MAX_ENTRIES });
    kept.keep('events', {
      on: { [CHANGE_SUBJECTS.profile]: (userId) => this.store.invalidate(userId) },
      // Changes announced while we were cut off from NATS were never heard: start afresh.
      resumed: () => this.store.clear(),
    });
  }

  async getOrLoad(userId: string, load: () => Promise<UserProfile | null>): Promise<UserProfile | null> {
    const cached = this.store.get(userId);
    if (cached) return cached;
    const epoch = this.store.readStarted();
    const profile = await load();
    if (profile) this.store.set(userId, profile, epoch);
    return profile;
  }

  /** After every write to a user document: forget it here and tell the other instances. */
  changed(userId: string): void {
    this.store.invalidate(userId);
    void this.events
      .connection()
      .then((nc) => nc.publish(CHANGE_SUBJECTS.profile, userId))
      .catch((error: unknown) => this.logger.warn(`Could not announce a profile change: ${String(error)}`));
  }
}
