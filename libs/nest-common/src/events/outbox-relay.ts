import { type BeforeApplicationShutdown, Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { jetstream, type JetStreamClient, jetstreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import type { AnyObject, Connection, Model, Types } from 'mongoose';
import { backoffDelay } from '@dblearn/contracts';
import { DocumentLocks } from '../storage/document-locks.js';
import { EVENTS_OPTIONS, EventsConnection, type EventsOptions } from './events-connection.js';
import { ensureEventsStream } from './events-stream.js';
import { failpoint } from './failpoint.js';
import { hasPendingEventsField, PENDING_FILTER, type PendingEvent, storedEvent } from './pending-events.js';
import { OutboxRecord } from './outbox.schema.js';
import { type DeleteTarget, Tombstone } from './tombstone.schema.js';

/** Documents fetched per round trip of a recovery pass. */
const BATCH_SIZE = 100;
const DEFAULT_PUBLISH_TIMEOUT_MS = 5_000;
/** A write waits at most this long for its own publish; after that the background relay goes on. */
const INLINE_PUBLISH_TIMEOUT_MS = 1_000;
/**
 * A recovery pass looks for pending events in every collection that carries them. It runs at start,
 * after any failure, and this often besides (it scans on FerretDB, so rarely); it only matters when
 * another instance died and has not been started again.
 */
const SWEEP_INTERVAL_MS = 10 * 60 * 1000;
/** At shutdown, the pass in flight gets this long to finish; whatever is left goes out next start. */
const SHUTDOWN_WAIT_MS = 5_000;

interface DocumentRef {
  model: string;
  id: string;
}

type PendingDocument = { _id: Types.ObjectId; pendingEvents?: PendingEvent[]; deletes?: string };

/**
 * Publishes the events that documents carry (`pendingEvents`) to JetStream with `msgID = eventId`,
 * then removes them from the document; finishes tombstones (their deletes, their events, then the
 * tombstone itself). It runs after every write, at start (recovery), after a failure with a
 * growing delay, and every 10 minutes. Several instances may relay at once: JetStream drops the
 * duplicates, so every event is stored exactly once.
 */
@Injectable()
export class OutboxRelay implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('OutboxRelay');
  private readonly queue = new Map<string, DocumentRef>();
  private sweepDue = true;
  private legacyDue = true;
  private running: Promise<void> | null = null;
  private wakeAgain = false;
  private retryTimer: NodeJS.Timeout | null = null;
  private sweepTimer: NodeJS.Timeout | null = null;
  private failures = 0;
  private stopped = false;
  private client: JetStreamClient | null = null;
  private readonly publishTimeoutMs: number;
  private recovery: Promise<void> | null = null;
  private watched: NatsConnection | null = null;
  /** One publish-and-clear at a time per document in this process (see publishNow). */
  private readonly inFlight = new Map<string, Promise<unknown>>();

  constructor(
    @InjectConnection() private readonly connection: Connection,
    private readonly events: EventsConnection,
    @Inject(EVENTS_OPTIONS) private readonly options: EventsOptions,
    private readonly locks: DocumentLocks,
  ) {
    this.publishTimeoutMs = options.publishTimeoutMs ?? DEFAULT_PUBLISH_TIMEOUT_MS;
  }

  /**
   * Finishes the deletes a crash left half done (once; later calls wait for the same work). Runs
   * before the service answers anything; read models load after it.
   */
  recover(): Promise<void> {
    this.recovery ??= (async () => {
      for await (const tombstone of this.tombstones().find({}, { deletes: 1 }).lean<PendingDocument>().cursor()) {
        await this.applyDeletes(JSON.parse(tombstone.deletes!) as DeleteTarget[]);
      }
    })();
    return this.recovery;
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.recover();
    this.sweepTimer = setInterval(() => {
      this.sweepDue = true;
      this.wake();
    }, SWEEP_INTERVAL_MS);
    this.sweepTimer.unref();
    this.wake();
  }

  /**
   * After a write: publishes that document's events and clears them before the caller answers.
   * FerretDB 1.24 loses one of two concurrent updates of a document (docs/NOTES.md), so the clear
   * must not run beside the caller's next write: doing it inside the request keeps a client's
   * sequence of calls sequential. When JetStream is away (or slow) the relay takes over in the
   * background instead. Never throws.
   */
  async publishNow(model: string, id: string | Types.ObjectId): Promise<void> {
    if (this.client === null || this.failures > 0 || this.stopped) {
      this.publishSoon(model, id);
      return;
    }
    try {
      await this.publishDocument(this.connection.model(model) as unknown as Model<AnyObject>, String(id), INLINE_PUBLISH_TIMEOUT_MS);
    } catch {
      this.publishSoon(model, id);
    }
  }

  /** After a deprecated `record()`: the old outbox collection has something to publish. */
  publishLegacySoon(): void {
    this.legacyDue = true;
    this.wake();
  }

  /** Queues a document for the next background pass. Never waits, never throws. */
  publishSoon(model: string, id: string | Types.ObjectId): void {
    const ref = { model, id: String(id) };
    this.queue.set(`${model}:${ref.id}`, ref);
    this.wake();
  }

  /** Idempotent: deleting what is already gone changes nothing. */
  async applyDeletes(deletes: readonly DeleteTarget[]): Promise<void> {
    for (const { model, ids } of deletes) {
      // One delete per id: FerretDB 1.24 scans the collection for `{_id: {$in}}`, not for `{_id: x}`.
      for (const id of ids) await this.connection.model(model).deleteOne({ _id: id }).exec();
    }
  }

  /** Asks for a pass as soon as possible. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.wakeAgain = true;
      return;
    }
    // After a failure the scheduled retry comes first: waking early would hammer a server that is away.
    if (this.retryTimer) return;
    // A write under a document's lock wakes the relay: its pass must queue for that lock, not inherit it.
    this.running = this.locks.detached(() => this.pass()).finally(() => {
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
      // Connects (and checks the stream) even with nothing pending, so that writes can publish inline.
      await this.jetStream();
      let published = 0;
      for (const [key, ref] of this.queue) {
        if (this.stopped) return;
        // Taken off first: a write to the same document meanwhile queues it again.
        this.queue.delete(key);
        published += await this.publishInBackground(this.connection.model(ref.model) as unknown as Model<AnyObject>, ref.id);
      }
      if (this.legacyDue) {
        this.legacyDue = false;
        published += await this.publishLegacyOutbox();
      }
      if (this.sweepDue) {
        this.sweepDue = false;
        published += await this.sweep();
      }
      if (this.failures > 0) this.logger.log(`JetStream reachable again; published ${published} pending event(s).`);
      this.failures = 0;
    } catch (error) {
      if (this.stopped) return;
      this.failures += 1;
      this.sweepDue = true;
      this.legacyDue = true;
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

  /** Every document of every model with `withPendingEvents` whose events are still pending. */
  private async sweep(): Promise<number> {
    let published = 0;
    for (const model of this.modelsWithEvents()) {
      let after: Types.ObjectId | null = null;
      for (;;) {
        const filter: Record<string, unknown> = { ...PENDING_FILTER, ...(after ? { _id: { $gt: after } } : {}) };
        const batch = await model.find(filter, { _id: 1 }).sort({ _id: 1 }).limit(BATCH_SIZE).lean<{ _id: Types.ObjectId }[]>().exec();
        for (const { _id } of batch) {
          if (this.stopped) return published;
          published += await this.publishInBackground(model, String(_id));
        }
        if (batch.length < BATCH_SIZE) break;
        after = batch.at(-1)!._id;
      }
    }
    return published;
  }

  /**
   * The document's lock (DocumentLocks, every store write's) is taken outside `inFlight`: a request holding it may itself be waiting in
   * publishNow for this document's publish, which must then not be waiting for the lock.
   */
  private publishInBackground(model: Model<AnyObject>, id: string): Promise<number> {
    return this.locks.run(model.modelName, id, () => this.publishDocument(model, id));
  }

  private async publishDocument(model: Model<AnyObject>, id: string, timeoutMs = this.publishTimeoutMs): Promise<number> {
    const key = `${model.modelName}:${id}`;
    // Wait for a publish of the same document already under way here, then look again.
    for (let running = this.inFlight.get(key); running; running = this.inFlight.get(key)) await running.catch(() => undefined);
    const work = this.publishDocumentAlone(model, id, timeoutMs);
    this.inFlight.set(key, work);
    try {
      return await work;
    } finally {
      if (this.inFlight.get(key) === work) this.inFlight.delete(key);
    }
  }

  private async publishDocumentAlone(model: Model<AnyObject>, id: string, timeoutMs: number): Promise<number> {
    const isTombstone = model.modelName === Tombstone.name;
    const doc = await model
      // Named in the projection: mongoose drops a `select('+pendingEvents')` beside `{ _id: 1 }`.
      .findById(id, { _id: 1, pendingEvents: 1, ...(isTombstone ? { deletes: 1 } : {}) })
      .lean<PendingDocument>()
      .exec();
    if (!doc) return 0;
    const events = doc.pendingEvents ?? [];
    if (isTombstone) await this.applyDeletes(JSON.parse(doc.deletes!) as DeleteTarget[]);
    if (events.length > 0) {
      const js = await this.jetStream();
      for (const event of events) {
        await js.publish(event.subject, event.payload, { msgID: event.eventId, timeout: timeoutMs });
      }
      failpoint('events:after-publish');
    }
    if (isTombstone) {
      await model.deleteOne({ _id: doc._id }).exec();
    } else if (events.length > 0) {
      // Only what was published: an event pushed meanwhile stays for the next pass. The filter is
      // `_id` alone: FerretDB 1.24 scans the whole collection for any other filter (docs/NOTES.md).
      await model.updateOne({ _id: doc._id }, { $pullAll: { pendingEvents: events.map(storedEvent) } }).exec();
    }
    return events.length;
  }

  /** The deprecated outbox: standalone records, oldest first, marked published (no document race). */
  private async publishLegacyOutbox(): Promise<number> {
    const records = this.connection.model(OutboxRecord.name) as unknown as Model<OutboxRecord>;
    let published = 0;
    for (;;) {
      const batch = await records.find({ publishedAt: null }, { eventId: 1, subject: 1, payload: 1 }).sort({ createdAt: 1, _id: 1 }).limit(BATCH_SIZE).lean().exec();
      if (batch.length === 0) return published;
      const js = await this.jetStream();
      for (const record of batch) {
        if (this.stopped) return published;
        await js.publish(record.subject, JSON.stringify(record.payload), { msgID: record.eventId, timeout: this.publishTimeoutMs });
        await records.updateOne({ _id: record._id }, { $set: { publishedAt: new Date() } }).exec();
        published += 1;
      }
    }
  }

  /** NATS is back: publish what piled up now rather than at the end of a long backoff. */
  private watchReconnects(nc: NatsConnection): void {
    if (this.watched === nc) return;
    this.watched = nc;
    void (async () => {
      for await (const status of nc.status()) {
        if (status.type !== 'reconnect' || this.stopped) continue;
        if (this.retryTimer) clearTimeout(this.retryTimer);
        this.retryTimer = null;
        this.sweepDue = true;
        this.wake();
      }
    })();
  }

  private modelsWithEvents(): Model<AnyObject>[] {
    return Object.values(this.connection.models).filter((model) => hasPendingEventsField(model.schema)) as unknown as Model<AnyObject>[];
  }

  private tombstones(): Model<AnyObject> {
    return this.connection.model(Tombstone.name) as unknown as Model<AnyObject>;
  }

  private async jetStream(): Promise<JetStreamClient> {
    if (this.client) return this.client;
    const nc = await this.events.connection();
    this.watchReconnects(nc);
    await ensureEventsStream(await jetstreamManager(nc, { timeout: this.publishTimeoutMs }), this.options.retention);
    this.client = jetstream(nc, { timeout: this.publishTimeoutMs });
    return this.client;
  }
}
