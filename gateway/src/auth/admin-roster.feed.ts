import { type AccountRemovedEvent, type AdminChangedEvent, EVENT_SUBJECTS, USERS_PATTERNS } from '@dblearn/contracts';
import { natsConnectionOptions, redactUrl, SubjectFeed } from '@dblearn/nest-common';
import type { NatsConnection } from '@nats-io/transport-node';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { connectUntilStopped } from '../common/nats/connect-until-stopped.js';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway.config.js';
import { ServiceClients } from '../services/service-clients.js';
import { AdminRoster } from './admin-roster.js';

/** Between two asks for the roster while svc-users does not answer. */
const RETRY_MS = 250;

/**
 * Keeps the AdminRoster current: its own NATS connection listens to `admin.changed` and `account.removed` first, then
 * asks svc-users for the roster (retrying until it answers); after a lost connection (events may
 * have been missed) the roster is unsure until it has been asked again.
 */
@Injectable()
export class AdminRosterFeed implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('AdminRoster');
  private readonly feed: SubjectFeed;
  private stopped = false;

  constructor(
    private readonly roster: AdminRoster,
    private readonly services: ServiceClients,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {
    this.feed = new SubjectFeed(
      { get: () => this.connect(), own: true },
      {
        on: {
          [EVENT_SUBJECTS.adminChanged]: (body) => {
            const event = readEvent<AdminChangedEvent>(body);
            // Not an event we can read: say unsure and ask again, rather than guess.
            if (!event) void this.reload();
            else if (typeof event.entityId === 'string' && typeof event.isAdmin === 'boolean') this.roster.change(event.entityId, event.isAdmin);
          },
          [EVENT_SUBJECTS.accountRemoved]: (body) => {
            const event = readEvent<AccountRemovedEvent>(body);
            if (!event) void this.reload();
            else if (typeof event.entityId === 'string') this.roster.remove(event.entityId);
          },
        },
        // The subscriptions are in place once the server has seen them: only then can no change slip between.
        listening: () => void this.reload(),
        cutOff: () => this.roster.unsure(),
        resumed: () => void this.reload(),
      },
    );
  }

  onApplicationBootstrap(): void {
    // Not awaited: the gateway starts while NATS or svc-users is away; admin calls answer 503 meanwhile.
    this.feed.start();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    await this.feed.stop();
  }

  private connect(): Promise<NatsConnection | undefined> {
    return connectUntilStopped(
      {
        ...natsConnectionOptions(this.config.natsUrl),
        name: 'gateway-admin-roster',
        maxReconnectAttempts: -1,
        reconnectTimeWait: 500,
        // A silently dead connection is noticed within about 4 s, so a missed revoke cannot go unnoticed for long.
        pingInterval: 2_000,
        maxPingOut: 2,
      },
      () => this.stopped,
      (error) => this.logger.warn(`NATS at ${redactUrl(this.config.natsUrl)} is not reachable (${String(error)}); admin calls answer 503 until it is.`),
    );
  }

  /** Asks svc-users for the roster until it answers (or the roster is unsure again and a newer ask runs). */
  private async reload(): Promise<void> {
    const ticket = this.roster.unsure();
    for (let tries = 0; !this.stopped && this.roster.isCurrent(ticket); tries += 1) {
      try {
        const { adminIds, removedIds } = await this.services.send(USERS_PATTERNS.listAdmins, {});
        if (this.roster.load(adminIds, ticket, removedIds ?? [])) this.logger.log(`Admin roster loaded: ${adminIds.length} admin${adminIds.length === 1 ? '' : 's'}.`);
        return;
      } catch (error) {
        if (tries === 0) this.logger.warn(`svc-users did not give the admin roster (${error instanceof Error ? error.message : String(error)}); admin calls answer 503 until it does. NATS ${redactUrl(this.config.natsUrl)}.`);
        await pause(RETRY_MS);
      }
    }
  }
}

function readEvent<T>(body: string): Partial<T> | null {
  try {
    return JSON.parse(body) as Partial<T>;
  } catch {
    return null;
  }
}

/** A wait that does not keep the process alive at shutdown. */
function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
