import { CHANGE_SUBJECTS } from '@dblearn/contracts';
import type { UserProfile } from '@dblearn/contracts';
import { EventsConnection, ExpiringStore } from '@dblearn/nest-common';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import { USERS_CONFIG, type UsersConfig } from '../config/users-config.js';

const MAX_ENTRIES = 10_000;

/**
 * GET /users/me is the hottest call, and FerretDB spends about 2 ms of CPU on one lookup by id, so
 * svc-users keeps recently read profiles for a short while. Every write to a user document calls
 * `changed()`, which drops the entry here and, over NATS, in every other instance; the time limit
 * (PROFILE_CACHE_TTL_MS) bounds how stale a profile can get if such a message is ever missed.
 */
@Injectable()
export class ProfileCache implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('ProfileCache');
  private readonly store: ExpiringStore<UserProfile>;
  private subscription: Subscription | null = null;
  private stopped = false;

  constructor(
    @Inject(USERS_CONFIG) config: Pick<UsersConfig, 'profileCacheTtlMs'>,
    private readonly events: EventsConnection,
  ) {
    this.store = new ExpiringStore<UserProfile>({ ttlMs: config.profileCacheTtlMs, maxEntries: MAX_ENTRIES });
  }

  onApplicationBootstrap(): void {
    // In the background: the service must not wait on NATS to start answering from the database.
    void this.events.connection().then(
      (nc) => this.listen(nc),
      (error: unknown) => this.logger.warn(`Profile changes from other instances are not heard: ${String(error)}`),
    );
  }

  onApplicationShutdown(): void {
    this.stopped = true;
    // The events connection may already be draining, which ends the subscription by itself.
    if (this.subscription && !this.subscription.isClosed()) this.subscription.unsubscribe();
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

  private listen(nc: NatsConnection): void {
    if (this.stopped) return;
    this.subscription = nc.subscribe(CHANGE_SUBJECTS.profile, { callback: (_error, message) => this.store.invalidate(message.string()) });
    void (async () => {
      // Changes announced while we were cut off from NATS were never heard: start afresh.
      for await (const status of nc.status()) if (status.type === 'reconnect') this.store.clear();
    })();
  }
}
