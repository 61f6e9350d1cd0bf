import type { Msg, NatsConnection, Subscription } from '@nats-io/transport-node';

/** Between two asks for the connection while it cannot be had. */
const RETRY_MS = 1_000;

/**
 * What a kept thing (a cache, a directory, a roster, a live stream) declares to stay fresh: which
 * subjects change it and how, and what to do when messages may have been missed.
 */
export interface KeptDeclaration {
  /** subject (wildcards allowed) → what a message on it changes; one subscription each. */
  on: Record<string, (body: string, subject: string) => void>;
  /** The subscriptions are registered with the server for the first time: nothing is missed from now on. */
  listening?(): void;
  /** Cut off from NATS: messages sent from now on are not heard until `resumed`. */
  cutOff?(): void;
  /** Heard again after a cut: what changed meanwhile was never heard, so drop or reload what is kept. */
  resumed?(): void;
}

/**
 * Where a feed listens. A function that rejects is asked again every second; undefined means the
 * process stopped meanwhile. `own`: the connection is the feed's alone and is closed at stop;
 * otherwise only its subscriptions end (a service's request or events connection, a client's).
 */
export interface FeedConnection {
  get(): Promise<NatsConnection | undefined>;
  own?: boolean;
}

/**
 * The one subscription lifecycle of every feed: subscribe at start (waiting for NATS as long as it
 * takes), tell `listening` once the server has the subscriptions, tell `cutOff` and `resumed` as
 * NATS drops and comes back (nats.js re-subscribes by itself on reconnect), and stop cleanly.
 */
export class SubjectFeed {
  private nc: NatsConnection | undefined;
  private readonly subscriptions: Subscription[] = [];
  private stopped = false;
  private retry: NodeJS.Timeout | undefined;
  private heard = false;

  constructor(
    private readonly connection: FeedConnection,
    private readonly declaration: KeptDeclaration,
  ) {}

  /** True while messages can be heard: subscribed, and not cut off. */
  get listening(): boolean {
    return this.heard;
  }

  /** Not awaited by callers: a process starts while NATS is away. */
  start(): void {
    void this.follow();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    this.heard = false;
    if (this.connection.own) {
      await this.nc?.close().catch(() => undefined);
      return;
    }
    // A shared connection may already be draining, which ends the subscriptions by itself.
    for (const subscription of this.subscriptions) if (!subscription.isClosed()) subscription.unsubscribe();
  }

  private async follow(): Promise<void> {
    let nc: NatsConnection | undefined;
    try {
      nc = await this.connection.get();
    } catch {
      if (!this.stopped) this.retry = setTimeout(() => void this.follow(), RETRY_MS).unref();
      return;
    }
    if (!nc) return;
    if (this.stopped) {
      if (this.connection.own) await nc.close().catch(() => undefined);
      return;
    }
    this.nc = nc;
    for (const [subject, apply] of Object.entries(this.declaration.on)) {
      const callback = (_error: unknown, message: Msg) => {
        try {
          apply(message.string(), message.subject);
        } catch {
          // A handler that throws must not end the subscription (nats.js would): the next message is heard.
        }
      };
      this.subscriptions.push(nc.subscribe(subject, { callback }));
    }
    // Registered with the server before anything read from now on is kept.
    await nc.flush().catch(() => undefined);
    if (nc.isClosed() || this.stopped) {
      this.cut();
      return;
    }
    this.heard = true;
    this.declaration.listening?.();
    for await (const status of nc.status()) {
      // Stopped: what happens to the connection now is no news to anyone.
      if (this.stopped) return;
      if (status.type === 'disconnect' || status.type === 'close') this.cut();
      else if (status.type === 'reconnect') {
        this.heard = true;
        this.declaration.resumed?.();
      }
    }
  }

  private cut(): void {
    this.heard = false;
    this.declaration.cutOff?.();
  }
}

/**
 * A KeptDeclaration handler for JSON events: what is not JSON (or not an object) is skipped, since
 * a kept thing's next reload reads the truth anyway.
 */
export function jsonBody<T>(apply: (event: Partial<T>, subject: string) => void): (body: string, subject: string) => void {
  return (body, subject) => {
    let event: unknown;
    try {
      event = JSON.parse(body);
    } catch {
      return;
    }
    if (typeof event === 'object' && event !== null) apply(event as Partial<T>, subject);
  };
}
