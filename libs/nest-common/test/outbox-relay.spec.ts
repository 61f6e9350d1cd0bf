import { randomUUID } from 'node:crypto';
import { EVENT_SUBJECTS, EVENTS_STREAM, type UserRegisteredEvent } from '@dblearn/contracts';
import { startTestInfra, type TestInfra, uniqueDatabaseName } from '@dblearn/testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { jetstreamManager, type JetStreamManager, StorageType } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { getModelToken } from '@nestjs/mongoose';
import { Test, type TestingModule } from '@nestjs/testing';
import type { Model } from 'mongoose';
import type { ServiceConfig } from '../src/config/service-config.js';
import { EventOutbox } from '../src/events/event-outbox.js';
import { ensureEventsStream } from '../src/events/events-stream.js';
import { EventsModule } from '../src/events/events.module.js';
import { OutboxRelay } from '../src/events/outbox-relay.js';
import { OutboxRecord } from '../src/events/outbox.schema.js';
import { createServiceLogger } from '../src/logging/service-logger.js';
import { MongoModule } from '../src/mongo/mongo.module.js';
import { TcpProxy } from './support/tcp-proxy.js';

/** Polls until the check passes (the relay works in the background). */
async function eventually(check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`still not true after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the outbox relay, against real NATS JetStream and FerretDB', () => {
  let infra: TestInfra;
  let natsProxy: TcpProxy;
  let nc: NatsConnection;
  let jsm: JetStreamManager;
  let app: TestingModule;
  let outbox: EventOutbox;
  let relay: OutboxRelay;
  let records: Model<OutboxRecord>;

  /** Every message in the events stream, keyed by its JetStream message id. */
  async function streamMessages(): Promise<Map<string, { subject: string; data: unknown; count: number }>> {
    const found = new Map<string, { subject: string; data: unknown; count: number }>();
    const { state } = await jsm.streams.info(EVENTS_STREAM);
    for (let seq = state.first_seq; seq <= state.last_seq && state.messages > 0; seq += 1) {
      const message = await jsm.streams.getMessage(EVENTS_STREAM, { seq });
      const id = message?.header?.get('Nats-Msg-Id');
      if (!message || !id) continue;
      const previous = found.get(id);
      found.set(id, { subject: message.subject, data: message.json(), count: (previous?.count ?? 0) + 1 });
    }
    return found;
  }

  const pendingCount = () => records.countDocuments({ publishedAt: null }).exec();

  function registered(n: number) {
    return { entityId: `6b0000000000000000000${String(n).padStart(3, '0')}`, email: `user${n}@example.com`, skill: 'beginner' as const };
  }

  beforeAll(async () => {
    infra = await startTestInfra();
    nc = await connect({ servers: infra.natsUrl });
    jsm = await jetstreamManager(nc);
    // The relay reaches NATS through this proxy, so the test can cut it off.
    natsProxy = await TcpProxy.reserve(infra.natsUrl);
    await natsProxy.start();

    const config: ServiceConfig = {
      service: 'users',
      natsUrl: natsProxy.url('nats'),
      mongoUrl: infra.mongoUrl,
      mongoDb: uniqueDatabaseName('outbox_relay'),
      logLevel: 'error',
      logJson: false,
    };
    app = await Test.createTestingModule({
      imports: [MongoModule.forRoot(config), EventsModule.forRoot({ natsUrl: config.natsUrl, connectionName: 'outbox-relay-spec', publishTimeoutMs: 1_000 })],
    })
      .setLogger(createServiceLogger({ name: 'outbox-relay-spec', logLevel: 'error', logJson: false }))
      .compile();
    outbox = app.get(EventOutbox);
    relay = app.get(OutboxRelay);
    records = app.get(getModelToken(OutboxRecord.name));
  });

  afterAll(async () => {
    await app?.close();
    await natsProxy?.stop();
    await nc?.close();
    await infra?.stop();
  });

  it('brings an existing events stream without events.> up to date, however many services ask at once', async () => {
    await jsm.streams.add({ name: EVENTS_STREAM, subjects: ['legacy.>'], storage: StorageType.File });
    await Promise.all([ensureEventsStream(jsm), ensureEventsStream(jsm), ensureEventsStream(jsm)]);
    const { config } = await jsm.streams.info(EVENTS_STREAM);
    expect(config.subjects).toEqual(['legacy.>', 'events.>']);
  });

  it('publishes what an earlier run left pending as it starts, then every new record, oldest first, with msgID = eventId', async () => {
    // Written straight to the collection, as a previous process that died before its relay ran would leave it.
    const early: UserRegisteredEvent = { ...registered(1), eventId: randomUUID(), occurredAt: new Date().toISOString() };
    await records.create({ eventId: early.eventId, subject: EVENT_SUBJECTS.userRegistered, payload: early });
    await app.init();
    const later = [await outbox.record(EVENT_SUBJECTS.userRegistered, registered(2)), await outbox.record(EVENT_SUBJECTS.userRegistered, registered(3))];

    await eventually(async () => (await pendingCount()) === 0);
    const messages = await streamMessages();
    const ours = [early, ...later].map((event) => messages.get(event.eventId));
    expect(ours).toEqual([early, ...later].map((event) => ({ subject: 'events.users.user.registered', data: event, count: 1 })));
    expect([...messages.keys()]).toEqual([early, ...later].map((event) => event.eventId));
    const stored = await records.findOne({ eventId: early.eventId }).lean().exec();
    expect(stored?.publishedAt).toBeInstanceOf(Date);
    expect((stored?.payload as UserRegisteredEvent).email).toBe('user1@example.com');
  });

  it('never stores an event twice when a record is relayed again', async () => {
    const event = await outbox.record(EVENT_SUBJECTS.userRegistered, registered(4));
    await eventually(async () => (await pendingCount()) === 0);
    const before = (await jsm.streams.info(EVENTS_STREAM)).state.messages;

    // As if another instance (or a crash before the mark) relayed it once more.
    await records.updateOne({ eventId: event.eventId }, { $set: { publishedAt: null } }).exec();
    relay.wake();
    await eventually(async () => (await pendingCount()) === 0);

    expect((await jsm.streams.info(EVENTS_STREAM)).state.messages).toBe(before);
    expect((await streamMessages()).get(event.eventId)?.count).toBe(1);
  });

  it('keeps events while NATS is unreachable and publishes all of them once it is back', async () => {
    await natsProxy.stop();
    const during = [await outbox.record(EVENT_SUBJECTS.userRegistered, registered(5)), await outbox.record(EVENT_SUBJECTS.userRegistered, registered(6))];
    // Long enough for at least one failed publish and a retry.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(await pendingCount()).toBe(2);
    const meanwhile = await streamMessages();
    expect(during.some((event) => meanwhile.has(event.eventId))).toBe(false);

    await natsProxy.start();
    await eventually(async () => (await pendingCount()) === 0, 20_000);
    const messages = await streamMessages();
    for (const event of during) expect(messages.get(event.eventId)).toEqual({ subject: EVENT_SUBJECTS.userRegistered, data: event, count: 1 });
  });
});
