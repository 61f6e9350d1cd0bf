import { randomUUID } from 'node:crypto';
import type { DomainEvent, EventPayloads, EventSubject } from '@dblearn/contracts';
import mongoose, { type Schema } from 'mongoose';

/**
 * An event waiting on the document whose change it describes. The payload is kept as JSON text:
 * FerretDB then never sees nested arrays or dotted keys inside it, and `$pullAll` of the exact
 * element (the one array removal FerretDB gets right) always matches.
 */
export interface PendingEvent {
  eventId: string;
  subject: string;
  /** The event as JSON; it already contains `eventId`, `occurredAt` and `entityId`. */
  payload: string;
}

/** The field `withPendingEvents` adds to a document. */
export interface WithPendingEvents {
  pendingEvents: PendingEvent[];
}

/**
 * Documents whose events are not all published yet: what the relay's sweep looks for. It asks the
 * array itself rather than a flag beside it, because clearing a flag only when the array is empty
 * needs a filter beyond `_id`, which FerretDB 1.24 answers by scanning the collection (on every
 * write). The sweep scans anyway on FerretDB; on MongoDB a partial index can serve it.
 */
export const PENDING_FILTER = { 'pendingEvents.0': { $exists: true } } as const;

/** What a caller supplies for an event: the kit adds the event id and the time. */
export type EventData<S extends EventSubject> = Omit<EventPayloads[S], Exclude<keyof DomainEvent, 'entityId'>>;

const pendingEventSchema = new mongoose.Schema<PendingEvent>(
  {
    eventId: { type: String, required: true },
    subject: { type: String, required: true },
    payload: { type: String, required: true },
  },
  { _id: false, versionKey: false },
);

/** Marks schemas that carry events, so the relay finds their models without a list to keep. */
export const PENDING_EVENTS_OPTION = 'dblearnPendingEvents';

/**
 * Gives a schema the `pendingEvents` field, so a write and its event are one document write.
 * Call it once on every schema whose writes publish events (`withPendingEvents(CourseSchema)`).
 */
export function withPendingEvents<T extends Schema>(schema: T): T {
  schema.add({
    pendingEvents: { type: [pendingEventSchema], default: [], select: false },
  });
  schema.set(PENDING_EVENTS_OPTION as 'strict', true as never);
  return schema;
}

export function hasPendingEventsField(schema: Schema): boolean {
  return schema.get(PENDING_EVENTS_OPTION as 'strict') === (true as never);
}

/** A new event for `subject`, with its id (also its JetStream message id) and time. */
export function domainEvent<S extends EventSubject>(subject: S, data: EventData<S>): PendingEvent & { event: EventPayloads[S] } {
  const event = { ...data, eventId: randomUUID(), occurredAt: new Date().toISOString() } as EventPayloads[S];
  return { eventId: event.eventId, subject, payload: JSON.stringify(event), event };
}

/** Only the stored fields, in the stored order (`$pullAll` compares whole elements). */
export function storedEvent({ eventId, subject, payload }: PendingEvent): PendingEvent {
  return { eventId, subject, payload };
}
