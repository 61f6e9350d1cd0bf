import type { AnyBulkWriteOperation, AnyObject, HydratedDocument, Model, ProjectionType, Types, UpdateQuery } from 'mongoose';
import { isDuplicateKeyError } from '../errors/rpc-errors.js';
import { type BulkUpdate, type EventOutbox, withEventsPushed } from '../events/event-outbox.js';
import { type PendingEvent, storedEvent } from '../events/pending-events.js';
import type { DeleteTarget } from '../events/tombstone.schema.js';
import type { DocumentLocks, LockScope } from './document-locks.js';
import { bulkWriteBounded } from './bulk-writes.js';
import { findByIds } from './find-by-ids.js';

type Id = string | Types.ObjectId;
type Events = PendingEvent | readonly PendingEvent[];

/**
 * One collection's reads and writes, each by `_id` alone, each write with its events in the same
 * document write (EventOutbox) and serialised per document (DocumentLocks). Inject it with
 * `@InjectStore(Model.name)` after `StorageModule.forFeature(...)`.
 *
 * What is FerretDB's and not the product's stays in here: FerretDB 1.24 uses its index only for a
 * filter that is `{_id}` alone, has no transactions and loses one of two concurrent updates of a
 * document (libs/nest-common/README.md, "What exists only for FerretDB").
 */
export class DocumentStore<T> {
  constructor(
    readonly model: Model<T>,
    /**
     * Null for a command's store: `update` leaves its events on the document for the service's relay
     * (or for the command to publish and `clearEvents`); its other event writes throw.
     */
    private readonly outbox: EventOutbox | null,
    private readonly locks: DocumentLocks,
    private readonly scope: LockScope = 'process',
  ) {}

  get name(): string {
    return this.model.modelName;
  }

  /** The document as a plain object, or null. */
  findById<D = T>(id: Id, projection?: ProjectionType<T>): Promise<D | null> {
    return this.model.findById(id, projection).lean<D>().exec() as Promise<D | null>;
  }

  /** Whether the collection holds no document: one read, never a count (FerretDB counts by reading every document). */
  async isEmpty(): Promise<boolean> {
    return (await this.model.findOne({}, { _id: 1 }).lean().exec()) === null;
  }

  /** The documents with these ids that exist, in the ids' order: one `{_id}` lookup each, never `$in` (a scan on FerretDB). */
  findByIds<D = T>(ids: readonly Id[], projection?: ProjectionType<T>): Promise<D[]> {
    return findByIds<T, D>(this.model, ids, projection);
  }

  /** Inserts `doc` with its events. Duplicate-key errors reach the caller as from `model.create`. */
  create(doc: AnyObject, events: Events): Promise<HydratedDocument<T>> {
    return this.events().create(this.model, doc, events);
  }

  /** `updateOne({_id: id}, update)` with its events, if any; false when there is no such document. */
  update(id: Id, update: UpdateQuery<T>, events: Events = []): Promise<boolean> {
    return this.atomically(id, async () => {
      if (this.outbox && (!Array.isArray(events) || events.length > 0)) return this.outbox.update(this.model, id, update, events);
      // No outbox (a command): the events stay on the document, in the same write, until published.
      const result = await this.model.updateOne({ _id: id }, withEventsPushed(update, events) as UpdateQuery<AnyObject>).exec();
      return result.matchedCount > 0;
    });
  }

  /** Removes events a command published itself from the document (JetStream drops a relay's later re-send of them). */
  async clearEvents(id: Id, events: readonly PendingEvent[]): Promise<void> {
    await this.update(id, { $pullAll: { pendingEvents: events.map(storedEvent) } } as UpdateQuery<T>);
  }

  /**
   * Updates the document, inserting it first when missing, with its events, if any. Two first writers
   * of one `_id` race to a duplicate-key error on any server (and across processes): the loser retries as an update.
   */
  upsert(id: Id, update: UpdateQuery<T>, events: Events = []): Promise<void> {
    return this.atomically(id, async () => {
      if (!Array.isArray(events) || events.length > 0) return this.events().upsert(this.model, id, update, events);
      try {
        await this.model.updateOne({ _id: id }, update as UpdateQuery<AnyObject>, { upsert: true }).exec();
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
        await this.model.updateOne({ _id: id }, update as UpdateQuery<AnyObject>).exec();
      }
    });
  }

  /**
   * Many updates by `_id` (upserts when asked), each with its events in its own document write, under
   * every written document's lock, in bulk commands short enough for FerretDB (`bulkWriteBounded`).
   * Events go out before this returns (`now`) or by the relay (`soon`).
   */
  updateAll(writes: readonly BulkUpdate<T>[], publish: 'now' | 'soon' = 'now'): Promise<void> {
    if (writes.length === 0) return Promise.resolve();
    return this.atomicallyAll(
      writes.map((write) => write.id),
      () => (this.outbox ? this.outbox.updateAll(this.model, writes, publish) : bulkWriteBounded(this.model as unknown as Model<AnyObject>, writes.map(noEvents))),
    );
  }

  /** Inserts new documents, each with its events, under their locks, in bounded insert commands. Duplicate keys reach the caller. */
  createAll(docs: readonly { doc: AnyObject & { _id: Id }; events: Events }[], publish: 'now' | 'soon' = 'now'): Promise<void> {
    if (docs.length === 0) return Promise.resolve();
    return this.atomicallyAll(
      docs.map(({ doc }) => doc._id),
      () => this.events().createAll(this.model, docs, publish),
    );
  }

  /**
   * Deletes the document and whatever `cascade` names with the event(s) that say so (a crash midway
   * is finished at the next start). False when there was nothing to delete.
   */
  delete(id: Id, events: Events, cascade: readonly DeleteTarget[] = []): Promise<boolean> {
    return this.atomically(id, () => this.events().delete(this.model, id, events, cascade));
  }

  /**
   * A read-check-write of one document: no other write of it (this store's, the relay's, another
   * process's when the store spans processes) runs until `task` ends. The store's own writes inside
   * `task` run at once. What a transaction or a conditional `findOneAndUpdate` does on MongoDB.
   */
  atomically<R>(id: Id, task: () => Promise<R>): Promise<R> {
    return this.locks.run(this.name, id, task, this.scope);
  }

  /** `atomically` for several documents of this collection at once (taken in one order: no deadlock). */
  atomicallyAll<R>(ids: Iterable<Id>, task: () => Promise<R>): Promise<R> {
    return this.locks.runAll(this.name, ids, task, this.scope);
  }

  private events(): EventOutbox {
    if (!this.outbox) throw new Error(`The ${this.name} store was made without events: it cannot write any.`);
    return this.outbox;
  }
}

/** A write of a store made without events, as a bulk operation. */
function noEvents<T>({ id, update, events, upsert = false }: BulkUpdate<T>): AnyBulkWriteOperation<AnyObject> {
  if (events && (!Array.isArray(events) || events.length > 0)) throw new Error('This store was made without events: it cannot write any.');
  return { updateOne: { filter: { _id: id }, update: update as UpdateQuery<AnyObject>, upsert } };
}
