import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { natsConnectionOptions } from '../config/nats-connection.js';
import type { ServiceName } from '@dblearn/contracts';
import { redactUrl } from '../config/redact-url.js';
import type { EventsRetention } from './events-stream.js';

export const EVENTS_OPTIONS = Symbol('EVENTS_OPTIONS');

export interface EventsOptions {
  /** Names the durable consumer (`svc-<service>`), the parked and processed keys. */
  service: ServiceName;
  natsUrl: string;
  /** Shown in NATS' connection list, e.g. `svc-users-events`. */
  connectionName: string;
  /** How long JetStream gets to acknowledge one event (default 5 s); tests shorten it. */
  publishTimeoutMs?: number;
  /** The stream's limits (default 7 days, 1 GiB). */
  retention?: EventsRetention;
  /** Deliveries of one event before it is parked (default 5). */
  maxDeliveries?: number;
  /** Redelivery delay after a handler fails: doubles from this (default 1 s), capped at 60 s. */
  redeliveryBackoffMs?: number;
}

/**
 * The NATS connection a service uses for JetStream (publishing its events, later consuming
 * others'). Separate from the request-reply transport so that event traffic never queues behind
 * requests. It waits for NATS when NATS is not up yet and reconnects forever.
 */
@Injectable()
export class EventsConnection implements OnApplicationShutdown {
  private readonly logger = new Logger('EventsConnection');
  private pending: Promise<NatsConnection> | null = null;
  private current: NatsConnection | null = null;
  private closed = false;

  constructor(@Inject(EVENTS_OPTIONS) private readonly options: EventsOptions) {}

  connection(): Promise<NatsConnection> {
    if (this.closed) return Promise.reject(new Error('The events connection is closed.'));
    this.pending ??= connect({
      ...natsConnectionOptions(this.options.natsUrl),
      name: this.options.connectionName,
      waitOnFirstConnect: true,
      maxReconnectAttempts: -1,
      reconnectTimeWait: 1_000,
    }).then(
      (nc) => {
        if (this.closed) {
          void nc.close();
          throw new Error('The events connection is closed.');
        }
        this.current = nc;
        this.logger.debug(`Connected to ${redactUrl(this.options.natsUrl)}`);
        return nc;
      },
      (error: unknown) => {
        // Let the next caller try again from scratch.
        this.pending = null;
        throw error;
      },
    );
    return this.pending;
  }

  async onApplicationShutdown(): Promise<void> {
    this.closed = true;
    const nc = this.current;
    this.current = null;
    if (nc && !nc.isClosed()) {
      // drain() flushes what was published and then closes; a dead server makes it fail, close then.
      await nc.drain().catch(() => nc.close());
    }
  }
}
