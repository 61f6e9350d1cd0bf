import { type BeforeApplicationShutdown, Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { jetstream, type JetStreamClient, jetstreamManager } from '@nats-io/jetstream';
import type { Model } from 'mongoose';
import { backoffDelay } from './backoff.js';
import { EVENTS_OPTIONS, EventsConnection, type EventsOptions } from './events-connection.js';
import { ensureEventsStream } from './events-stream.js';
import { OutboxRecord } from './outbox.schema.js';

/** Records fetched per round trip; a pass keeps going until none is left. */
const BATCH_SIZE = 100;
/** How long JetStream gets to acknowledge one event before the pass counts as failed. */
const DEFAULT_PUBLISH_TIMEOUT_MS = 5_000;
/** A periodic pass picks up what another instance (or a crash before its pass) left pending. */
const SWEEP_INTERVAL_MS = 30_000;
/** Published records are kept this long for inspection, then deleted to keep the outbox small. */
const PUBLISHED_RETENTION_MS = 24 * 60 * 60 * 1000;
const PRUNE_INTERVAL_MS = 10 * 60 * 1000;
/** At shutdown, the pass in flight gets this long to finish; whatever is left goes out next start. */
const SHUTDOWN_WAIT_MS = 5_000;

/**
 * Publishes outbox records to JetStream in the order they were written, with `msgID = eventId`, and
 * marks each one published once JetStream has acknowledged it. It runs at start, after every
 * record, and every 30 s; when NATS is away it retries with a growing delay, so an outage delays
 * events and loses none. Several instances may relay at once: JetStream drops the duplicates.
 */
@Injectable()
export class OutboxRelay implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('OutboxRelay');
  private running: Promise<void> | null = null;
  private wakeAgain = false;
  private retryTimer: NodeJS.Timeout | null = null;
  private sweepTimer: NodeJS.Timeout | null = null;
  private failures = 0;
  private stopped = false;
  private client: JetStreamClient | null = null;
  private lastPruneAt = 0;
  private readonly publishTimeoutMs: number;

  constructor(
    @InjectModel(OutboxRecord.name) private readonly outbox: Model<OutboxRecord>,
    private readonly events: EventsConnection,
    @Inject(EVENTS_OPTIONS) options: EventsOptions,
  ) {
    this.publishTimeoutMs = options.publishTimeoutMs ?? DEFAULT_PUBLISH_TIMEOUT_MS;
  }

  onApplicationBootstrap(): void {
    this.sweepTimer = setInterval(() => this.wake(), SWEEP_INTERVAL_MS);
    this.sweepTimer.unref();
    this.wake();
  }

  /** Asks for a pass as soon as possible. Never waits and never throws. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.wakeAgain = true;
      return;
    }
    // After a failure the scheduled retry comes first: waking early would hammer a server that is away.
    if (this.retryTimer) return;
    this.running = this.pass().finally(() => {
      this.running = null;
      if (this.wakeAgain) {
        this.wakeAgain = false;
        this.wake();
      }
    });
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.sweepTimer = this.retryTimer = null;
    if (this.running) {
      await Promise.race([this.running, new Promise((resolve) => setTimeout(resolve, SHUTDOWN_WAIT_MS).unref())]);
    }
  }

  private async pass(): Promise<void> {
    try {
      const published = await this.publishPending();
      if (this.failures > 0) {
        this.logger.log(`JetStream reachable again; published ${published} pending event(s).`);
      }
      this.failures = 0;
      await this.pruneIfDue();
    } catch (error) {
      if (this.stopped) return;
      this.failures += 1;
      // The stream may be gone (a NATS server started on empty storage): check it again next time.
      this.client = null;
      const delay = backoffDelay(this.failures);
      const reason = error instanceof Error ? error.message : String(error);
      const message = `Could not publish pending events (${reason}); retrying in ${Math.round(delay / 100) / 10} s.`;
      if (this.failures === 1 || this.failures % 10 === 0) this.logger.warn(message);
      else this.logger.debug(message);
      this.retryTimer = setTimeout(() => {
        this.retryTimer = null;
        this.wake();
      }, delay);
      this.retryTimer.unref();
    }
  }

  private async publishPending(): Promise<number> {
    let published = 0;
    for (;;) {
      const batch = await this.outbox
        .find({ publishedAt: null }, { eventId: 1, subject: 1, payload: 1 })
        .sort({ createdAt: 1, _id: 1 })
        .limit(BATCH_SIZE)
        .lean()
        .exec();
      if (batch.length === 0) return published;
      const js = await this.jetStream();
      for (const record of batch) {
        if (this.stopped) return published;
        await js.publish(record.subject, JSON.stringify(record.payload), { msgID: record.eventId, timeout: this.publishTimeoutMs });
        await this.outbox.updateOne({ _id: record._id }, { $set: { publishedAt: new Date() } }).exec();
        published += 1;
      }
      if (batch.length < BATCH_SIZE) return published;
    }
  }

  private async jetStream(): Promise<JetStreamClient> {
    if (this.client) return this.client;
    const nc = await this.events.connection();
    await ensureEventsStream(await jetstreamManager(nc, { timeout: this.publishTimeoutMs }));
    this.client = jetstream(nc, { timeout: this.publishTimeoutMs });
    return this.client;
  }

  private async pruneIfDue(): Promise<void> {
    const now = Date.now();
    if (now - this.lastPruneAt < PRUNE_INTERVAL_MS) return;
    this.lastPruneAt = now;
    await this.outbox.deleteMany({ publishedAt: { $lt: new Date(now - PUBLISHED_RETENTION_MS) } }).exec();
  }
}
