import { CHANGE_SUBJECTS } from '@dblearn/contracts';
import type { UserProfile } from '@dblearn/contracts';
import { ChangeBroadcast, EventsConnection, ExpiringStore, KeptRegistry, RequestConnection } from '@dblearn/nest-common';
import { Inject, Injectable } from '@nestjs/common';
import { USERS_CONFIG, type UsersConfig } from '../config/users-config.js';

const MAX_ENTRIES = 10_000;

/**
 * GET /users/me is the hottest call, and FerretDB spends about 2 ms of CPU on one lookup by id, so
 * svc-users keeps recently read profiles for a short while. Every write to a user document awaits
 * `changed()` before it answers: a ChangeBroadcast, which drops the entry here and, over NATS, in
 * every other instance and every gateway (gateway/src/users/kept-profiles.ts) before the write's
 * answer can reach anyone; the time limit (PROFILE_CACHE_TTL_MS) bounds how stale a profile can
 * get if NATS was away at that moment.
 */
@Injectable()
export class ProfileCache {
  private readonly store: ExpiringStore<UserProfile>;
  private readonly broadcast: ChangeBroadcast;

  constructor(
    @Inject(USERS_CONFIG) config: Pick<UsersConfig, 'profileCacheTtlMs'>,
    requests: RequestConnection,
    events: EventsConnection,
    kept: KeptRegistry,
  ) {
    this.store = new ExpiringStore<UserProfile>({ ttlMs: config.profileCacheTtlMs, maxEntries: MAX_ENTRIES });
    this.broadcast = new ChangeBroadcast(requests, events, CHANGE_SUBJECTS.profile, (userId) => (userId === null ? this.store.clear() : this.store.invalidate(userId)), kept);
  }

  async getOrLoad(userId: string, load: () => Promise<UserProfile | null>): Promise<UserProfile | null> {
    const cached = this.store.get(userId);
    if (cached) return cached;
    const epoch = this.store.readStarted();
    const profile = await load();
    if (profile) this.store.set(userId, profile, epoch);
    return profile;
  }

  /** After every write to a user document, before it answers: forget it here and on every instance. */
  changed(userId: string): Promise<void> {
    return this.broadcast.announce(userId);
  }
}
