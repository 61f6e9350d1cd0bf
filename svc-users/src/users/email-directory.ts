import { EVENT_SUBJECTS, type UserRegisteredEvent } from '@dblearn/contracts';
import { EventsConnection } from '@dblearn/nest-common';
import { Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import type { Model, Types } from 'mongoose';
import { normalizeEmail } from './email.js';
import { User } from './users.schema.js';

/**
 * E-mail → user id, in memory. FerretDB scans the whole collection for any filter but `_id`, so a
 * login by e-mail cost time that grew with every account and told an attacker where an account sat
 * (issue 6). Loaded at start; this instance's own writes add to it at once, other instances' through
 * their `user.registered` events; reloaded after a lost NATS connection (events may have been missed).
 */
@Injectable()
export class EmailDirectory implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('EmailDirectory');
  private ids = new Map<string, string>();
  private subscription: Subscription | null = null;
  private stopped = false;

  constructor(
    @InjectModel(User.name) private readonly users: Model<User>,
    private readonly events: EventsConnection,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.reload();
    void this.events.connection().then(
      (nc) => this.listen(nc),
      (error: unknown) => this.logger.warn(`Accounts made by other instances are not heard: ${String(error)}`),
    );
  }

  onApplicationShutdown(): void {
    this.stopped = true;
    if (this.subscription && !this.subscription.isClosed()) this.subscription.unsubscribe();
  }

  idOf(email: string): string | undefined {
    return this.ids.get(normalizeEmail(email));
  }

  add(email: string, id: string): void {
    this.ids.set(normalizeEmail(email), id);
  }

  get size(): number {
    return this.ids.size;
  }

  private async reload(): Promise<void> {
    const next = new Map<string, string>();
    for await (const user of this.users.find({}, { email: 1 }).lean<{ _id: Types.ObjectId; email: string }>().cursor()) {
      next.set(user.email, user._id.toHexString());
    }
    // Accounts added while the load ran are kept.
    for (const [email, id] of this.ids) if (!next.has(email)) next.set(email, id);
    this.ids = next;
  }

  private listen(nc: NatsConnection): void {
    if (this.stopped) return;
    this.subscription = nc.subscribe(EVENT_SUBJECTS.userRegistered, {
      callback: (_error, message) => {
        try {
          const event = message.json<UserRegisteredEvent>();
          if (typeof event.email === 'string' && typeof event.entityId === 'string') this.add(event.email, event.entityId);
        } catch {
          // Not an event we can read: the next reload finds the account anyway.
        }
      },
    });
    void (async () => {
      for await (const status of nc.status()) {
        if (status.type === 'reconnect') void this.reload().catch((error: unknown) => this.logger.warn(`Reload failed: ${String(error)}`));
      }
    })();
  }
}
