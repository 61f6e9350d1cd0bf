import { EVENT_SUBJECTS } from '@dblearn/contracts';
import { filtersBeyondId, recordFilters, startTestInfra, type TestInfra, uniqueDatabaseName } from '@dblearn/testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import type { DynamicModule } from '@nestjs/common';
import { getModelToken } from '@nestjs/mongoose';
import { Test, type TestingModule } from '@nestjs/testing';
import mongoose, { type Model } from 'mongoose';
import type { ServiceConfig } from '../src/config/service-config.js';
import { EventsModule } from '../src/events/events.module.js';
import { OutboxRelay } from '../src/events/outbox-relay.js';
import { domainEvent, storedEvent } from '../src/events/pending-events.js';
import { createServiceLogger } from '../src/logging/service-logger.js';
import { MongoModule } from '../src/mongo/mongo.module.js';
import { CLAIM_LEASE_MS, DocumentLocks } from '../src/storage/document-locks.js';
import type { DocumentStore } from '../src/storage/document-store.js';
import { getStoreToken, StorageModule } from '../src/storage/storage.module.js';
import { WriteClaim } from '../src/storage/write-claim.schema.js';
import { eventually, streamMessages, WIDGET_MODELS } from './support/widgets.js';

type Widget = { _id: mongoose.Types.ObjectId; title: string; topic: string; rank: number; tags?: string[]; pendingEvents?: unknown[] };

const widgetEvent = (id: mongoose.Types.ObjectId, title: string) =>
  domainEvent(EVENT_SUBJECTS.projectUpdated, { entityId: id.toHexString(), title, difficulty: 'beginner', courseId: null });
/** As ServiceKitModule offers the events kit to every module of a service. */
const globally = (module: DynamicModule): DynamicModule => ({ module: class GlobalEvents {}, global: true, imports: [module], exports: [module] });
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the storage layer (DocumentStore, DocumentLocks), against real FerretDB and NATS', () => {
  let infra: TestInfra;
  let nc: NatsConnection;
  let jsm: JetStreamManager;
  /** Two apps on one database: two processes of one service. */
  let apps: TestingModule[];
  let store: DocumentStore<Widget>;
  let otherProcessStore: DocumentStore<Widget>;
  let widgets: Model<Widget>;

  const newWidget = async (title = 'start') => {
    const _id = new mongoose.Types.ObjectId();
    await store.create({ _id, title, topic: 'storage', rank: 0, tags: [] }, widgetEvent(_id, title));
    return _id;
  };

  beforeAll(async () => {
    infra = await startTestInfra();
    nc = await connect({ servers: infra.natsUrl });
    jsm = await jetstreamManager(nc);
    const config = { service: 'content', mongoUrl: infra.mongoUrl, mongoDb: uniqueDatabaseName('storage') } as ServiceConfig;
    const schemaWithTags = WIDGET_MODELS[0]!.schema.clone();
    schemaWithTags.add({ tags: { type: [String], default: [] } });
    apps = await Promise.all(
      ['one', 'two'].map((name) =>
        Test.createTestingModule({
          imports: [
            MongoModule.forRoot(config),
            globally(EventsModule.forRoot({ service: 'content', natsUrl: infra.natsUrl, connectionName: `storage-spec-${name}`, publishTimeoutMs: 1_000 })),
            StorageModule.forFeature([{ name: 'Widget', schema: schemaWithTags, lockScope: 'processes' }]),
          ],
        })
          .setLogger(createServiceLogger({ name: 'storage-spec', logLevel: 'error', logJson: false }))
          .compile(),
      ),
    );
    for (const app of apps) await app.init();
    [store, otherProcessStore] = apps.map((app) => app.get<DocumentStore<Widget>>(getStoreToken('Widget'))) as [DocumentStore<Widget>, DocumentStore<Widget>];
    widgets = apps[0]!.get(getModelToken('Widget'));
  });

  afterAll(async () => {
    for (const app of apps ?? []) await app.close();
    await nc?.close();
    await infra?.stop();
  });

  it('writes and reads by _id alone, and publishes each write’s event once', async () => {
    const ids: mongoose.Types.ObjectId[] = [];
    const renamed: ReturnType<typeof widgetEvent>[] = [];
    const sent = await recordFilters(mongoose, ['widgets', 'write_claims'], async () => {
      for (let n = 0; n < 3; n += 1) ids.push(await newWidget(`w${n}`));
      for (const id of ids) {
        const event = widgetEvent(id, 'renamed');
        renamed.push(event);
        expect(await store.update(id, { $set: { title: 'renamed' } }, event)).toBe(true);
      }
      const found = await store.findByIds<Widget>([ids[2]!, new mongoose.Types.ObjectId(), ids[0]!], { title: 1 });
      expect(found.map((widget) => [String(widget._id), widget.title])).toEqual([[String(ids[2]), 'renamed'], [String(ids[0]), 'renamed']]);
      expect(await store.delete(ids[1]!, widgetEvent(ids[1]!, 'gone'))).toBe(true);
      expect(await store.findById(ids[1]!)).toBeNull();
    });
    // The relay's sweep (at start, every 10 minutes) is the one allowed scan (README).
    expect(filtersBeyondId(sent.filter(({ filter }) => !('pendingEvents.0' in filter)))).toEqual([]);
    await eventually(async () => {
      const messages = await streamMessages(jsm);
      return renamed.every((event) => messages.get(event.eventId)?.count === 1);
    });
  });

  it('answers false, and writes nothing, for an id that does not exist', async () => {
    const missing = new mongoose.Types.ObjectId();
    expect(await store.update(missing, { $set: { title: 'x' } }, widgetEvent(missing, 'x'))).toBe(false);
    expect(await store.update(missing, { $set: { title: 'x' } })).toBe(false);
    expect(await store.delete(missing, widgetEvent(missing, 'x'))).toBe(false);
    expect(await store.findById(missing)).toBeNull();
  });

  it('loses none of 20 concurrent updates of one document, from two processes', async () => {
    const id = await newWidget();
    await Promise.all(
      Array.from({ length: 20 }, (_, n) => (n % 2 ? store : otherProcessStore).update(id, { $push: { tags: `t${n}` } }, widgetEvent(id, `t${n}`))),
    );
    const stored = await store.findById<Widget>(id);
    expect([...stored!.tags!].sort()).toEqual(Array.from({ length: 20 }, (_, n) => `t${n}`).sort());
    expect(await apps[0]!.get<Model<WriteClaim>>(getModelToken(WriteClaim.name)).findById(id).lean().exec()).toBeNull();
  });

  it('runs read-check-writes of one document one at a time across processes; the store’s writes inside run at once', async () => {
    const id = await newWidget();
    const increment = (through: DocumentStore<Widget>) =>
      through.atomically(id, async () => {
        const { rank } = (await through.findById<Widget>(id, { rank: 1 }))!;
        await pause(5);
        return through.update(id, { $set: { rank: rank + 1 } }, widgetEvent(id, `rank ${rank + 1}`));
      });
    await Promise.all(Array.from({ length: 10 }, (_, n) => increment(n % 2 ? store : otherProcessStore)));
    expect((await store.findById<Widget>(id))!.rank).toBe(10);
  });

  it('takes over a claim left by a process killed mid-write once its lease is over, and waits for one still held', async () => {
    const claims = apps[0]!.get<Model<WriteClaim>>(getModelToken(WriteClaim.name));
    const expired = await newWidget();
    await claims.create({ _id: expired, until: new Date(Date.now() - 1) });
    expect(await store.update(expired, { $set: { title: 'after a crash' } })).toBe(true);
    expect((await store.findById<Widget>(expired))!.title).toBe('after a crash');

    const held = await newWidget();
    await claims.create({ _id: held, until: new Date(Date.now() + CLAIM_LEASE_MS) });
    let written = false;
    const write = store.update(held, { $set: { title: 'later' } }).then(() => (written = true));
    await pause(300);
    expect(written).toBe(false);
    await claims.deleteOne({ _id: held }).exec();
    await write;
    expect((await store.findById<Widget>(held))!.title).toBe('later');
  });

  it('inserts on the first of concurrent upserts of one _id and applies every one of them', async () => {
    const id = new mongoose.Types.ObjectId();
    await Promise.all(
      Array.from({ length: 6 }, (_, n) =>
        (n % 2 ? store : otherProcessStore).upsert(id, { $addToSet: { tags: `u${n}` }, $setOnInsert: { title: 'upserted', topic: 'storage', rank: 0 } }),
      ),
    );
    const stored = await store.findById<Widget>(id);
    expect(stored).toMatchObject({ title: 'upserted' });
    expect([...stored!.tags!].sort()).toEqual(['u0', 'u1', 'u2', 'u3', 'u4', 'u5']);
  });

  it('upserts with events: concurrent first writes from two processes each publish their event once', async () => {
    const id = new mongoose.Types.ObjectId();
    const events = Array.from({ length: 4 }, (_, n) => widgetEvent(id, `e${n}`));
    await Promise.all(
      events.map((event, n) => (n % 2 ? store : otherProcessStore).upsert(id, { $addToSet: { tags: `e${n}` }, $setOnInsert: { title: 'upserted', topic: 'storage', rank: 0 } }, event)),
    );
    const stored = await store.findById<Widget>(id);
    expect([...stored!.tags!].sort()).toEqual(['e0', 'e1', 'e2', 'e3']);
    await eventually(async () => {
      const messages = await streamMessages(jsm);
      return events.every((event) => messages.get(event.eventId)?.count === 1);
    });
  });

  it('the relay’s background clear takes the document’s lock: nothing is published or cleared while a writer holds it', async () => {
    const locks = apps[0]!.get(DocumentLocks);
    const relay = apps[0]!.get(OutboxRelay);
    const id = new mongoose.Types.ObjectId();
    const event = widgetEvent(id, 'left');
    let release!: () => void;
    const holding = locks.run('Widget', id, async () => {
      // As a write whose inline publish failed leaves it, and a relay woken from inside the lock.
      await widgets.create({ _id: id, title: 'left', topic: 'storage', rank: 0, pendingEvents: [storedEvent(event)] });
      relay.publishSoon('Widget', id);
      await new Promise<void>((resolve) => (release = resolve));
    });
    await pause(500);
    expect((await streamMessages(jsm)).has(event.eventId)).toBe(false);
    release();
    await holding;
    await eventually(async () => (await streamMessages(jsm)).get(event.eventId)?.count === 1);
    await eventually(async () => ((await widgets.findById(id, { pendingEvents: 1 }).lean<Widget>().exec())?.pendingEvents ?? []).length === 0);
  });

  it('holds several documents’ locks in one order, so two callers asking in opposite orders both finish', async () => {
    const [a, b] = [await newWidget(), await newWidget()];
    const both = (ids: mongoose.Types.ObjectId[], title: string) =>
      store.atomicallyAll(ids, async () => {
        await pause(20);
        for (const id of ids) await store.update(id, { $set: { title } });
      });
    await Promise.all([both([a, b], 'first'), both([b, a], 'second')]);
    const titles = (await store.findByIds<Widget>([a, b])).map((widget) => widget.title);
    expect(new Set(titles).size).toBe(1);
    expect(apps[0]!.get(DocumentLocks).size).toBe(0);
  });

  it('creates and updates 150 documents in short bulk commands, each with its event, and the database answers after (decision 0022)', async () => {
    // One update command of 100 updates of existing documents wedges a stock FerretDB database for good.
    const ids = Array.from({ length: 150 }, () => new mongoose.Types.ObjectId());
    await store.createAll(ids.map((_id) => ({ doc: { _id, title: 'bulk', topic: 'storage', rank: 0 }, events: widgetEvent(_id, 'bulk') })), 'soon');
    await store.updateAll(ids.map((id) => ({ id, update: { $set: { title: 'bulk again' } }, events: widgetEvent(id, 'bulk again') })));
    expect(new Set((await store.findByIds<Widget>(ids, { title: 1 })).map((widget) => widget.title))).toEqual(new Set(['bulk again']));
    await eventually(async () => ((await store.findById<Widget>(ids[149]!, { pendingEvents: 1 }))?.pendingEvents ?? []).length === 0);
    expect(apps[0]!.get(DocumentLocks).size).toBe(0);
  }, 60_000);
});
