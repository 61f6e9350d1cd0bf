import { EVENT_SUBJECTS, EVENTS_STREAM } from '@dblearn/contracts';
import { startTestInfra, type TestInfra, uniqueDatabaseName } from '@dblearn/testing';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { jetstreamManager, type JetStreamManager, StorageType } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { getModelToken, MongooseModule } from '@nestjs/mongoose';
import { Test, type TestingModule } from '@nestjs/testing';
import mongoose, { type Model } from 'mongoose';
import type { ServiceConfig } from '../src/config/service-config.js';
import { EventOutbox } from '../src/events/event-outbox.js';
import { ensureEventsStream } from '../src/events/events-stream.js';
import { EventsModule } from '../src/events/events.module.js';
import { OutboxRelay } from '../src/events/outbox-relay.js';
import { domainEvent, PENDING_FILTER, storedEvent } from '../src/events/pending-events.js';
import { DocumentLocks } from '../src/storage/document-locks.js';
import { Tombstone } from '../src/events/tombstone.schema.js';
import { createServiceLogger } from '../src/logging/service-logger.js';
import { MongoModule } from '../src/mongo/mongo.module.js';
import { TcpProxy } from './support/tcp-proxy.js';
import { eventually, streamMessages, WIDGET_MODELS } from './support/widgets.js';

type Widget = { _id: mongoose.Types.ObjectId; title: string; topic: string; rank: number; pendingEvents?: unknown[] };

function widgetEvent(id: mongoose.Types.ObjectId, title: string) {
  return domainEvent(EVENT_SUBJECTS.projectUpdated, { entityId: id.toHexString(), title, difficulty: 'beginner', courseId: null });
}

describe('atomic write and event, against real NATS JetStream and FerretDB', () => {
  let infra: TestInfra;
  let natsProxy: TcpProxy;
  let nc: NatsConnection;
  let jsm: JetStreamManager;
  let app: TestingModule;
  let outbox: EventOutbox;
  let relay: OutboxRelay;
  let widgets: Model<Widget>;
  let parts: Model<{ widgetId: string }>;
  let tombstones: Model<unknown>;

  const pendingWidgets = () => widgets.countDocuments(PENDING_FILTER).exec();

  beforeAll(async () => {
    infra = await startTestInfra();
    nc = await connect({ servers: infra.natsUrl });
    jsm = await jetstreamManager(nc);
    // The relay reaches NATS through this proxy, so the test can cut it off.
    natsProxy = await TcpProxy.reserve(infra.natsUrl);
    await natsProxy.start();
    const config = { service: 'content', mongoUrl: infra.mongoUrl, mongoDb: uniqueDatabaseName('outbox_relay') } as ServiceConfig;
    app = await Test.createTestingModule({
      imports: [
        MongoModule.forRoot(config),
        MongooseModule.forFeature(WIDGET_MODELS),
        EventsModule.forRoot({ service: 'content', natsUrl: natsProxy.url('nats'), connectionName: 'outbox-relay-spec', publishTimeoutMs: 1_000 }),
      ],
    })
      .setLogger(createServiceLogger({ name: 'outbox-relay-spec', logLevel: 'error', logJson: false }))
      .compile();
    outbox = app.get(EventOutbox);
    relay = app.get(OutboxRelay);
    widgets = app.get(getModelToken('Widget'));
    parts = app.get(getModelToken('Part'));
    tombstones = app.get(getModelToken(Tombstone.name));
  });

  afterAll(async () => {
    await app?.close();
    await natsProxy?.stop();
    await nc?.close();
    await infra?.stop();
  });

  it('brings an existing events stream up to date (subjects, age and size limits), however many services ask at once', async () => {
    await jsm.streams.add({ name: EVENTS_STREAM, subjects: ['legacy.>'], storage: StorageType.File });
    const retention = { maxAgeMs: 48 * 3_600_000, maxBytes: 64 * 1_048_576 };
    await Promise.all([ensureEventsStream(jsm, retention), ensureEventsStream(jsm, retention), ensureEventsStream(jsm, retention)]);
    const { config } = await jsm.streams.info(EVENTS_STREAM);
    expect(config.subjects).toEqual(['legacy.>', 'events.>']);
    expect(config.max_age).toBe(48 * 3_600_000 * 1_000_000);
    expect(config.max_bytes).toBe(64 * 1_048_576);
  });

  it('publishes what an earlier run left on documents as it starts, then each new write, with msgID = eventId, and clears them', async () => {
    // As a process that died right after its write would leave it.
    const earlyId = new mongoose.Types.ObjectId();
    const early = widgetEvent(earlyId, 'early');
    await widgets.create({ _id: earlyId, title: 'early', topic: 'sql', rank: 1, pendingEvents: [{ eventId: early.eventId, subject: early.subject, payload: early.payload }] });
    await app.init();

    const laterId = new mongoose.Types.ObjectId();
    const created = widgetEvent(laterId, 'later');
    const doc = await outbox.create(widgets, { _id: laterId, title: 'later', topic: 'sql', rank: 2 }, created);
    expect(doc._id.toHexString()).toBe(laterId.toHexString());
    const renamed = widgetEvent(laterId, 'renamed');
    expect(await outbox.update(widgets, laterId, { $set: { title: 'renamed' } }, renamed)).toBe(true);
    expect(await outbox.update(widgets, new mongoose.Types.ObjectId(), { $set: { title: 'nobody' } }, widgetEvent(laterId, 'nobody'))).toBe(false);

    await eventually(async () => (await pendingWidgets()) === 0);
    const messages = await streamMessages(jsm);
    for (const event of [early, created, renamed]) {
      expect(messages.get(event.eventId)).toEqual({ subject: EVENT_SUBJECTS.projectUpdated, data: event.event, count: 1 });
    }
    expect([...messages.values()].some((message) => (message.data as { title: string }).title === 'nobody')).toBe(false);
    const stored = await widgets.findById(laterId).select('+pendingEvents').lean().exec();
    expect(stored).toMatchObject({ title: 'renamed', pendingEvents: [] });
    // The kit's fields stay out of ordinary reads.
    expect(Object.keys((await widgets.findById(laterId).lean().exec())!).sort()).toEqual(['_id', 'rank', 'title', 'topic']);
  });

  it('deletes with a tombstone: the entity and its cascade go, the delete event goes out once, the tombstone goes', async () => {
    const id = new mongoose.Types.ObjectId();
    await outbox.create(widgets, { _id: id, title: 'doomed', topic: 'rm', rank: 3 }, widgetEvent(id, 'doomed'));
    const ownedParts = await parts.create([{ widgetId: id.toHexString() }, { widgetId: id.toHexString() }]);
    const partIds = ownedParts.map((part) => part._id.toHexString());
    const deleted = domainEvent(EVENT_SUBJECTS.courseDeleted, { entityId: id.toHexString(), tutorialIds: partIds, projectIds: [] });

    expect(await outbox.delete(widgets, id, deleted, [{ model: 'Part', ids: partIds }])).toBe(true);
    expect(await widgets.findById(id).exec()).toBeNull();
    expect(await parts.countDocuments({ widgetId: id.toHexString() }).exec()).toBe(0);
    // A second delete of the same entity finds nothing to delete.
    expect(await outbox.delete(widgets, id, deleted)).toBe(false);

    await eventually(async () => (await tombstones.countDocuments().exec()) === 0);
    const messages = await streamMessages(jsm);
    expect(messages.get(deleted.eventId)).toEqual({ subject: EVENT_SUBJECTS.courseDeleted, data: deleted.event, count: 1 });
  });

  it('touches a document by its _id alone: FerretDB scans the whole collection for any other filter', async () => {
    const filters: { method: string; filter: Record<string, unknown> }[] = [];
    mongoose.set('debug', (collection: string, method: string, filter: unknown) => {
      if (collection === 'widgets' && typeof filter === 'object' && filter !== null) filters.push({ method, filter: filter as Record<string, unknown> });
    });
    try {
      const id = new mongoose.Types.ObjectId();
      await outbox.create(widgets, { _id: id, title: 'by id', topic: 'sql', rank: 5 }, widgetEvent(id, 'by id'));
      expect(await outbox.update(widgets, id, { $set: { title: 'by id again' } }, widgetEvent(id, 'by id again'))).toBe(true);
      await eventually(async () => (await pendingWidgets()) === 0);
    } finally {
      mongoose.set('debug', false);
    }
    // insertOne's argument is the document; the sweep's scan (PENDING_FILTER) runs only at start and after outages.
    const relayed = filters.filter(({ method, filter }) => method !== 'insertOne' && !('pendingEvents.0' in filter));
    expect(relayed.map(({ method }) => method)).toEqual(expect.arrayContaining(['updateOne', 'findOne']));
    for (const { method, filter } of relayed) expect({ method, keys: Object.keys(filter) }).toEqual({ method, keys: ['_id'] });
  });

  it('never stores an event twice when a document is relayed again', async () => {
    const id = new mongoose.Types.ObjectId();
    const event = widgetEvent(id, 'twice');
    await outbox.create(widgets, { _id: id, title: 'twice', topic: 'fo', rank: 4 }, event);
    await eventually(async () => (await pendingWidgets()) === 0);
    const before = (await jsm.streams.info(EVENTS_STREAM)).state.messages;

    // As if another instance (or a crash before the clear) relayed it once more.
    await widgets.updateOne({ _id: id }, { $push: { pendingEvents: { eventId: event.eventId, subject: event.subject, payload: event.payload } } }).exec();
    relay.publishSoon('Widget', id);
    await eventually(async () => (await pendingWidgets()) === 0);

    expect((await jsm.streams.info(EVENTS_STREAM)).state.messages).toBe(before);
    expect((await streamMessages(jsm)).get(event.eventId)?.count).toBe(1);
  });

  describe("with a writer holding the document's lock (DocumentLocks, every store write's)", () => {
    let locks: DocumentLocks;
    /** The writer's own hold, past the spy: `asked` then lists the relay's asks alone. */
    let hold: DocumentLocks['run'];
    /** The ids of Widgets whose lock the relay asked for. */
    const asked: string[] = [];
    const pending = async (id: mongoose.Types.ObjectId) => ((await widgets.findById(id).select('+pendingEvents').lean<Widget>().exec())?.pendingEvents ?? []).length;
    /** As a write whose inline publish failed leaves it: the event on the document, the relay to finish (a sweep may come first). */
    const leftForTheRelay = async (id: mongoose.Types.ObjectId, title: string) => {
      const event = widgetEvent(id, title);
      await widgets.create({ _id: id, title, topic: 'lock', rank: 6, pendingEvents: [storedEvent(event)] });
      relay.publishSoon('Widget', id);
      return event;
    };

    beforeAll(() => {
      locks = app.get(DocumentLocks);
      hold = locks.run.bind(locks);
      jest.spyOn(locks, 'run').mockImplementation((model, id, task, scope) => {
        if (model === 'Widget') asked.push(String(id));
        return hold(model, id, task, scope);
      });
    });

    it('the background publish-and-clear waits for it: nothing is published or written while a writer holds it', async () => {
      const id = new mongoose.Types.ObjectId();
      const key = id.toHexString();
      let release!: () => void;
      const held = hold('Widget', key, () => new Promise<void>((resolve) => (release = resolve)));
      const event = await leftForTheRelay(id, 'held');
      await eventually(() => asked.includes(key));
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await pending(id)).toBe(1);
      expect((await streamMessages(jsm)).has(event.eventId)).toBe(false);

      release();
      await held;
      await eventually(async () => (await pending(id)) === 0);
      expect((await streamMessages(jsm)).get(event.eventId)?.count).toBe(1);
    });

    it('a writer holding it still writes and publishes inline while the relay waits for it (no deadlock)', async () => {
      const id = new mongoose.Types.ObjectId();
      const key = id.toHexString();
      const renamed = widgetEvent(id, 'renamed under the lock');
      const event = await hold('Widget', key, async () => {
        const left = await leftForTheRelay(id, 'queued');
        await eventually(() => asked.includes(key));
        expect(await outbox.update(widgets, id, { $set: { title: 'renamed under the lock' } }, renamed)).toBe(true);
        return left;
      });
      await eventually(async () => (await pending(id)) === 0 && locks.size === 0);
      expect(await widgets.findById(id).lean<Widget>().exec()).toMatchObject({ title: 'renamed under the lock' });
      const messages = await streamMessages(jsm);
      for (const published of [event, renamed]) expect(messages.get(published.eventId)?.count).toBe(1);
    });

    it("an outbox write made outside every lock queues for it too: on FerretDB it could land beside the relay's clear and be lost", async () => {
      const id = new mongoose.Types.ObjectId();
      await outbox.create(widgets, { _id: id, title: 'made', topic: 'lock', rank: 7 }, widgetEvent(id, 'made'));
      let release!: () => void;
      const held = hold('Widget', id.toHexString(), () => new Promise<void>((resolve) => (release = resolve)));
      const renamed = widgetEvent(id, 'renamed outside');
      let answered = false;
      const update = outbox.update(widgets, id, { $set: { title: 'renamed outside' } }, renamed).finally(() => (answered = true));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(answered).toBe(false);
      expect(await widgets.findById(id).lean<Widget>().exec()).toMatchObject({ title: 'made' });

      release();
      await held;
      expect(await update).toBe(true);
      await eventually(async () => (await pending(id)) === 0);
      expect(await widgets.findById(id).lean<Widget>().exec()).toMatchObject({ title: 'renamed outside' });
      expect((await streamMessages(jsm)).get(renamed.eventId)?.count).toBe(1);
    });
  });

  it('keeps events on their documents while NATS is unreachable and publishes all of them once it is back', async () => {
    await natsProxy.stop();
    const ids = [new mongoose.Types.ObjectId(), new mongoose.Types.ObjectId()];
    const during = ids.map((id) => widgetEvent(id, 'during'));
    for (const [index, id] of ids.entries()) await outbox.create(widgets, { _id: id, title: 'during', topic: 'nosql', rank: 5 }, during[index]!);
    // Long enough for at least one failed publish and a retry.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(await pendingWidgets()).toBe(2);
    const meanwhile = await streamMessages(jsm);
    expect(during.some((event) => meanwhile.has(event.eventId))).toBe(false);

    await natsProxy.start();
    await eventually(async () => (await pendingWidgets()) === 0, 20_000);
    const messages = await streamMessages(jsm);
    for (const event of during) expect(messages.get(event.eventId)).toEqual({ subject: EVENT_SUBJECTS.projectUpdated, data: event.event, count: 1 });
  });
});
