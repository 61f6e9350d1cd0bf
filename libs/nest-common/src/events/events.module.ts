import { type DynamicModule, Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { EVENTS_OPTIONS, EventsConnection, type EventsOptions } from './events-connection.js';
import { EventOutbox } from './event-outbox.js';
import { OutboxRelay } from './outbox-relay.js';
import { OutboxRecord, OutboxRecordSchema } from './outbox.schema.js';

/** The outbox, its relay to JetStream and the events connection. Needs a mongoose connection. */
@Module({})
export class EventsModule {
  static forRoot(options: EventsOptions): DynamicModule {
    return {
      module: EventsModule,
      imports: [MongooseModule.forFeature([{ name: OutboxRecord.name, schema: OutboxRecordSchema }])],
      providers: [{ provide: EVENTS_OPTIONS, useValue: options }, EventsConnection, OutboxRelay, EventOutbox],
      exports: [EventOutbox, OutboxRelay, EventsConnection],
    };
  }
}
