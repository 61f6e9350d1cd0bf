import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { AnyObject, HydratedDocument, Model, Types, UpdateQuery } from 'mongoose';
import { isDuplicateKeyError } from '../errors/rpc-errors.js';
import { failpoint } from './failpoint.js';
import { OutboxRelay } from './outbox-relay.js';
import { OutboxRecord } from './outbox.schema.js';
import type { EventPayloads, EventSubject } from '@dblearn/contracts';
import { domainEvent, type EventData, type PendingEvent, storedEvent, type WithPendingEvents } from './pending-events.js';
import { type DeleteTarget, Tombstone } from './tombstone.schema.js';
import { bulkWriteBounded, insertManyBounded } from '../storage/bulk-writes.js';
import { DocumentLocks } from '../storage/document-locks.js';

type Id = string | Types.ObjectId;
/** Mongoose's generics cannot follow a model passed in from outside; the kit only adds its own fields. */
type LooseModel = Model<AnyObject>;
type Events = PendingEvent | readonly PendingEvent[];

/** One write of `updateAll`: `updateOne({_id: id}, update)`, with its events in the same write. */
export interface BulkUpdate<T> {
  id: Id;
  update: UpdateQuery<T>;
  events?: Events;
  /** Insert the document when it is missing (`$setOnInsert` for what only a new one gets). */
  upsert?: boolean;
}

function list(events: Events): PendingEvent[] {
  return (Array.isArray(events) ? events : [events]).map(storedEvent);
}

/** `update` with `events` appended to the document's pending events: the change and its events as one write. */
export function withEventsPushed<T>(update: UpdateQuery<T>, events: Events): UpdateQuery<T> {
  const pending = list(events);
  if (pending.length === 0) return update;
  return { ...update, $push: { ...(update.$push as AnyObject | undefined), pendingEvents: { $each: pending } } } as UpdateQuery<T>;
}

/**
 * Writes a change and the event(s) that describe it as ONE document write (FerretDB has no
 * transactions), then publishes them (inline when JetStream answers, else the relay does it later). The schema must have `withPendingEvents`.
 * A process killed at any point either loses both or, when it starts again, publishes the event
 * exactly once (JetStream drops a re-sent message id).
 *
 * Each write holds its document's lock (DocumentLocks; re-entrant, so a store's write already holding
 * it goes on at once): the relay clears published events under the same lock, and on FerretDB 1.24 a
 * write beside that clear could lose one of the two, events included.
 */
@Injectable()
export class EventOutbox {
  constructor(
    @InjectModel(Tombstone.name) private readonly tombstones: Model<Tombstone & WithPendingEvents>,
    private readonly relay: OutboxRelay,
    @InjectModel(OutboxRecord.name) private readonly legacyOutbox: Model<OutboxRecord>,
    private readonly locks: DocumentLocks,
  ) {}

  /** Inserts `doc` with its events. Duplicate-key errors reach the caller as from `model.create`. */
  async create<T>(model: Model<T>, doc: AnyObject, events: Events): Promise<HydratedDocument<T>> {
    const created = await (model as unknown as LooseModel).create({ ...doc, pendingEvents: list(events) });
    failpoint('events:after-write');
    const id = created._id as Types.ObjectId;
    await this.locks.run(model.modelName, id, () => this.relay.publishNow(model.modelName, id));
    return created as unknown as HydratedDocument<T>;
  }

  /**
   * `updateOne({ _id: id }, update)` plus the events, in the same write. Returns false (and records
   * nothing) when no document matched. The filter is `_id` alone on purpose: FerretDB 1.24 scans the
   * collection for any other; a condition on the document is checked on a read under the caller's lock.
   */
  async update<T>(model: Model<T>, id: Id, update: UpdateQuery<T>, events: Events): Promise<boolean> {
    const withEvents = withEventsPushed(update, events);
    return this.locks.run(model.modelName, id, async () => {
      const result = await (model as unknown as LooseModel).updateOne({ _id: id }, withEvents as UpdateQuery<AnyObject>).exec();
      if (result.matchedCount === 0) return false;
      failpoint('events:after-write');
      await this.relay.publishNow(model.modelName, id);
      return true;
    });
  }

  /**
   * `updateOne({ _id: id }, update, { upsert: true })` plus the events, in the same write; two first
   * inserts of one `_id` race to a duplicate key (another process): the loser retries as an update.
   */
  async upsert<T>(model: Model<T>, id: Id, update: UpdateQuery<T>, events: Events): Promise<void> {
    const withEvents = withEventsPushed(update, events) as UpdateQuery<AnyObject>;
    await this.locks.run(model.modelName, id, async () => {
      try {
        await (model as unknown as LooseModel).updateOne({ _id: id }, withEvents, { upsert: true }).exec();
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
        await (model as unknown as LooseModel).updateOne({ _id: id }, withEvents).exec();
      }
      failpoint('events:after-write');
      await this.relay.publishNow(model.modelName, id);
    });
  }

  /**
   * Many `{_id}` updates (upserts when asked), each carrying its own events (if any) in its document
   * write, as bounded bulk commands (`bulkWriteBounded`: a stock FerretDB wedges on a long one). Then the
   * events go out: `now` before this returns, one document after another, as `update` does; `soon` by
   * the relay. The caller holds every written document's lock (DocumentStore.updateAll).
   */
  async updateAll<T>(model: Model<T>, writes: readonly BulkUpdate<T>[], publish: 'now' | 'soon'): Promise<void> {
    const ops = writes.map(({ id, update, events = [], upsert = false }) => ({
      updateOne: { filter: { _id: id }, update: withEventsPushed(update, events) as UpdateQuery<AnyObject>, upsert },
    }));
    await bulkWriteBounded(model as unknown as LooseModel, ops);
    failpoint('events:after-write');
    await this.published(model, writes.filter((write) => list(write.events ?? []).length > 0).map((write) => write.id), publish);
  }

  /** Inserts new documents, each with its events, as bounded insert commands; then publishes as `updateAll` does. */
  async createAll<T>(model: Model<T>, docs: readonly { doc: AnyObject & { _id: Id }; events: Events }[], publish: 'now' | 'soon'): Promise<void> {
    await insertManyBounded(model as unknown as LooseModel, docs.map(({ doc, events }) => ({ ...doc, pendingEvents: list(events) })));
    failpoint('events:after-write');
    await this.published(model, docs.map(({ doc }) => doc._id), publish);
  }

  private async published<T>(model: Model<T>, ids: readonly Id[], publish: 'now' | 'soon'): Promise<void> {
    for (const id of ids) {
      if (publish === 'now') await this.locks.run(model.modelName, id, () => this.relay.publishNow(model.modelName, id));
      else this.relay.publishSoon(model.modelName, id);
    }
  }

  /**
   * Deletes the document `id` of `model` and whatever `cascade` lists, with the event(s) that say
   * so. A tombstone holding the deletes and the events is written first (one write); the deletes
   * follow at once, or at the next start if the process dies in between. The entity's own events
   * not yet published go out before the delete event. Returns false when there was nothing to
   * delete (unknown id, or a delete of it already under way).
   */
  delete<T>(model: Model<T>, id: Id, events: Events, cascade: readonly DeleteTarget[] = []): Promise<boolean> {
    return this.locks.run(model.modelName, id, async () => {
      const current = await (model as unknown as LooseModel).findById(id, { _id: 1, pendingEvents: 1 }).lean<WithPendingEvents>().exec();
      if (!current) return false;
      const deletes: DeleteTarget[] = [{ model: model.modelName, ids: [String(id)] }, ...cascade];
      let tombstone: HydratedDocument<Tombstone & WithPendingEvents>;
      try {
        // The tombstone takes the entity's id: two deletes racing for one entity make one tombstone.
        [tombstone] = (await this.tombstones.create([
          { _id: id, deletes: JSON.stringify(deletes), pendingEvents: [...(current.pendingEvents ?? []).map(storedEvent), ...list(events)] },
        ])) as [HydratedDocument<Tombstone & WithPendingEvents>];
      } catch (error) {
        if (isDuplicateKeyError(error)) return false;
        throw error;
      }
      failpoint('events:after-tombstone');
      await this.relay.applyDeletes(deletes);
      await this.relay.publishNow(Tombstone.name, tombstone._id);
      return true;
    });
  }

  /**
   * @deprecated Not atomic with the write before it: a crash between the two loses the event.
   * Use create/update/delete. Kept (with the old `outbox` collection) until every service has moved.
   */
  async record<S extends EventSubject>(subject: S, data: EventData<S>): Promise<EventPayloads[S]> {
    const { event } = domainEvent(subject, data);
    await this.legacyOutbox.create({ eventId: event.eventId, subject, payload: event });
    this.relay.publishLegacySoon();
    return event;
  }
}
