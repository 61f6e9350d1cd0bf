import { backoffDelay, EVENTS_STREAM } from '@dblearn/contracts';
import { type ConsumerMessages, DeliverPolicy, jetstream } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { Logger } from '@nestjs/common';

/**
 * What a kept thing that must not miss a change (a read model: a list cannot drop what it missed and
 * reload it cheaply) declares: the events it follows, replayed from the stream, in stream order.
 */
export interface StreamDeclaration {
  /** For logs, e.g. `ReadModel courses`. */
  name: string;
  /** One filter subject (`events.<service>.>`), the only kind the bus lets a service's consumers use. */
  filter: string;
  /** The first replay starts here (a little before the kept thing's load began, so nothing falls in between). */
  since: Date;
  /** subject → what an event on it changes, awaited one at a time in stream order; other subjects are skipped. */
  on: Record<string, (body: string, subject: string) => Promise<void> | void>;
}

/**
 * The replaying counterpart of SubjectFeed: an ordered JetStream consumer from `since`, and after
 * any break (a NATS reconnect, the stream unreachable) a new one from the event after the last
 * applied, so a cut costs a replay, never a loss. Retries with backoff as long as it takes; stops
 * cleanly.
 */
export class StreamFeed {
  private readonly logger: Logger;
  private messages: ConsumerMessages | null = null;
  private lastSequence = 0;
  private stopped = false;
  private running: Promise<void> | null = null;
  private watched: NatsConnection | null = null;

  constructor(
    private readonly connection: { get(): Promise<NatsConnection> },
    private readonly declaration: StreamDeclaration,
  ) {
    this.logger = new Logger(declaration.name);
  }

  /** Not awaited by callers: a process starts while NATS is away. */
  start(): void {
    this.running ??= this.follow();
  }

  /** Returns once no handler runs any more. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.messages?.stop();
    await this.running;
  }

  private async follow(): Promise<void> {
    for (let attempt = 1; !this.stopped; attempt += 1) {
      try {
        const nc = await this.connection.get();
        this.watchReconnects(nc);
        const start =
          this.lastSequence > 0
            ? { deliver_policy: DeliverPolicy.StartSequence, opt_start_seq: this.lastSequence + 1 }
            : { deliver_policy: DeliverPolicy.StartTime, opt_start_time: this.declaration.since.toISOString() };
        const consumer = await jetstream(nc).consumers.get(EVENTS_STREAM, { filter_subjects: this.declaration.filter, ...start });
        if (this.stopped) return;
        this.messages = await consumer.consume({ max_messages: 64 });
        attempt = 0;
        for await (const message of this.messages) {
          await this.apply(message.subject, message.string());
          this.lastSequence = message.seq;
        }
      } catch (error) {
        if (this.stopped) return;
        const delay = backoffDelay(attempt);
        this.logger.warn(`Not following events (${error instanceof Error ? error.message : String(error)}); again in ${delay / 1000} s.`);
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  }

  /**
   * A consumer outlives a NATS restart only once two missed heartbeats (about a minute) tell
   * nats.js to rebuild it; a reconnect ends it at once instead, and the loop goes on after the last
   * event applied.
   */
  private watchReconnects(nc: NatsConnection): void {
    if (this.watched === nc) return;
    this.watched = nc;
    void (async () => {
      for await (const status of nc.status()) {
        if (this.stopped || this.watched !== nc) return;
        if (status.type === 'reconnect') this.messages?.stop();
      }
    })();
  }

  private async apply(subject: string, body: string): Promise<void> {
    const handler = this.declaration.on[subject];
    if (!handler) return;
    try {
      await handler(body, subject);
    } catch (error) {
      // A handler that throws must not stop the feed: the next event of that id, or a restart, repairs it.
      this.logger.error(`Could not apply ${subject}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
