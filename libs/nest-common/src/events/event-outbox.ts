import { randomUUID } from 'node:crypto';
import type { DomainEvent, EventPayloads, EventSubject } from '@dblearn/contracts';
import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { OutboxRelay } from './outbox-relay.js';
import { OutboxRecord } from './outbox.schema.js';

/** What the caller supplies: the outbox adds the event id and the time. */
export type EventData<S extends EventSubject> = Omit<EventPayloads[S], Exclude<keyof DomainEvent, 'entityId'>>;

/**
 * Where a service records a domain event right after the write it describes. FerretDB has no
 * transactions, so the two writes are not atomic: a crash between them loses that one event, and
 * nothing else (an outage of NATS loses nothing at all).
 */
@Injectable()
export class EventOutbox {
  constructor(
    @InjectModel(OutboxRecord.name) private readonly outbox: Model<OutboxRecord>,
    private readonly relay: OutboxRelay,
  ) {}

  async record<S extends EventSubject>(subject: S, data: EventData<S>): Promise<EventPayloads[S]> {
    const event = { ...data, eventId: randomUUID(), occurredAt: new Date().toISOString() } as EventPayloads[S];
    await this.outbox.create({ eventId: event.eventId, subject, payload: event });
    this.relay.wake();
    return event;
  }
}
