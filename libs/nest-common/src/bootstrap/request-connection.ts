import { Injectable } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';

/**
 * The NATS connection the service answers requests on, once it listens (bootstrapService hands it
 * over). A broadcast that must be heard before a later request (ChangeBroadcast) travels on it: NATS
 * keeps the order of what it sends down one connection, not across two.
 */
@Injectable()
export class RequestConnection {
  private current: NatsConnection | null = null;
  private readonly waiting: Array<(nc: NatsConnection) => void> = [];

  attach(nc: NatsConnection): void {
    this.current = nc;
    for (const resolve of this.waiting.splice(0)) resolve(nc);
  }

  /** The connection, or null while the service does not listen (yet, or at all, as in a CLI command). */
  now(): NatsConnection | null {
    return this.current;
  }

  /** Resolves once the service listens. */
  ready(): Promise<NatsConnection> {
    return this.current ? Promise.resolve(this.current) : new Promise((resolve) => this.waiting.push(resolve));
  }
}
