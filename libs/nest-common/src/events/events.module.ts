import { type DynamicModule, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { MongooseModule } from '@nestjs/mongoose';
import { EventConsumer } from './event-consumer.js';
import { EventOutbox } from './event-outbox.js';
import { EVENTS_OPTIONS, EventsConnection, type EventsOptions } from './events-connection.js';
import { OutboxRelay } from './outbox-relay.js';
import { OutboxRecord, OutboxRecordSchema } from './outbox.schema.js';
import { Tombstone, TombstoneSchema } from './tombstone.schema.js';
import { DocumentLocks } from '../storage/document-locks.js';
import { WriteClaim, WriteClaimSchema } from '../storage/write-claim.schema.js';

/** Atomic write+event (EventOutbox, OutboxRelay), the consumer kit and the events connection. Needs mongoose. */
@Module({})
export class EventsModule {
  static forRoot(options: EventsOptions): DynamicModule {
    return {
      module: EventsModule,
      imports: [DiscoveryModule, MongooseModule.forFeature([
          { name: Tombstone.name, schema: TombstoneSchema },
          { name: OutboxRecord.name, schema: OutboxRecordSchema },
          { name: WriteClaim.name, schema: WriteClaimSchema },
        ])],
      // DocumentLocks lives here because the relay's background clear takes it too.
      providers: [{ provide: EVENTS_OPTIONS, useValue: options }, EventsConnection, DocumentLocks, OutboxRelay, EventOutbox, EventConsumer],
      exports: [EventOutbox, OutboxRelay, DocumentLocks, EventsConnection, EventConsumer, EVENTS_OPTIONS],
    };
  }
}
