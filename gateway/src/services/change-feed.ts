import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import type { ServiceClient } from './service-client.js';

/** How long to wait before trying NATS again when it is not there at start. */
const RETRY_MS = 1_000;

export interface ChangeListener {
  /** An announcement: its subject and body (an id, or CHANGED_EVERYTHING). */
  changed(subject: string, body: string): void;
  /** Announcements may have been missed (cut off from NATS): drop everything kept. */
  lost(): void;
}

/**
 * A service's "this document changed" announcements (CHANGE_SUBJECTS), heard on the connection
 * that service's replies arrive on, so an announcement sent before a reply is heard before it.
 * `live` is true only while announcements can be heard: what the gateway keeps from a service is
 * kept only then.
 */
export class ChangeFeed {
  private subscription: Subscription | null = null;
  private stopped = false;
  private retry: NodeJS.Timeout | undefined;
  private heard = false;

  constructor(
    private readonly client: ServiceClient,
    private readonly subject: string,
    private readonly listener: ChangeListener,
  ) {}

  get live(): boolean {
    return this.heard;
  }

  start(): void {
    void this.follow();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.retry);
    this.setHeard(false);
    if (this.subscription && !this.subscription.isClosed()) this.subscription.unsubscribe();
  }

  private async follow(): Promise<void> {
    let nc: NatsConnection;
    try {
      nc = await this.client.connection();
    } catch {
      if (!this.stopped) this.retry = setTimeout(() => void this.follow(), RETRY_MS);
      return;
    }
    if (this.stopped) return;
    this.subscription = nc.subscribe(this.subject, { callback: (_error, message) => this.listener.changed(message.subject, message.string()) });
    // Registered with the server before anything read from now on is kept.
    await nc.flush().catch(() => undefined);
    this.setHeard(!nc.isClosed() && !this.stopped);
    for await (const status of nc.status()) {
      if (status.type === 'disconnect' || status.type === 'close') this.setHeard(false);
      else if (status.type === 'reconnect') {
        // What changed while we were cut off was never heard.
        this.listener.lost();
        this.setHeard(!this.stopped);
      }
    }
  }

  private setHeard(heard: boolean): void {
    if (!heard) this.listener.lost();
    this.heard = heard;
  }
}
