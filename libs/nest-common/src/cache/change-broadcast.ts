import { CHANGED_EVERYTHING } from '@dblearn/contracts';
import { Logger } from '@nestjs/common';
import type { RequestConnection } from '../bootstrap/request-connection.js';
import type { EventsConnection } from '../events/events-connection.js';
import type { KeptRegistry } from '../feeds/kept-registry.js';

/** How long a write waits for NATS to take its announcement before it goes on without it. */
const ANNOUNCE_TIMEOUT_MS = 1_000;

/**
 * "This document changed": told to this instance and, over core NATS (no queue group), to every
 * other instance of the service, so each drops what it built from the old version.
 *
 * Why no instance reads the old version after the write was answered: the announcement travels on
 * the connection each instance answers requests on, and `announce` resolves only once NATS has
 * taken it (a flush), so NATS queues it to every other instance before the write's answer even
 * leaves; a request sent after that answer reaches an instance down the same connection, behind
 * it. Announcements missed while cut off from NATS cannot matter (no request arrives then either),
 * and on reconnect everything is dropped anyway. A process that answers no requests (a CLI command)
 * announces on its events connection.
 */
export class ChangeBroadcast {
  private readonly logger = new Logger('ChangeBroadcast');

  constructor(
    private readonly requests: RequestConnection,
    private readonly events: EventsConnection,
    /** `<service queue>.internal.<what>` (only the service's own bus user may use it) or `.changes.` (the gateway hears it too). */
    private readonly subject: string,
    private readonly changed: (id: string | null) => void,
    kept: KeptRegistry,
  ) {
    kept.keep('requests', {
      on: { [subject]: (id) => changed(id === CHANGED_EVERYTHING ? null : id) },
      resumed: () => changed(null),
    });
  }

  async announce(id: string | null): Promise<void> {
    this.changed(id);
    try {
      const nc = this.requests.now() ?? (await withTimeout(this.events.connection()));
      // Shutting down: no request will reach this instance again, and the others drop all on reconnect.
      if (nc.isClosed() || nc.isDraining()) return;
      nc.publish(this.subject, id ?? CHANGED_EVERYTHING);
      await withTimeout(nc.flush());
    } catch (error) {
      this.logger.warn(`Could not announce a change on ${this.subject}: ${String(error)}`);
    }
  }
}

function withTimeout<T>(promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer from NATS within ${ANNOUNCE_TIMEOUT_MS} ms`)), ANNOUNCE_TIMEOUT_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
