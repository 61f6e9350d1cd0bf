import { EVENT_SUBJECTS } from '@dblearn/contracts';
import { startTestInfra, type TestInfra, uniqueDatabaseName } from '@dblearn/testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Injectable, type INestApplicationContext, Module } from '@nestjs/common';
import { InjectModel, MongooseModule } from '@nestjs/mongoose';
import { Test } from '@nestjs/testing';
import mongoose, { type AnyObject, type Model } from 'mongoose';
import { readServiceConfig } from '../src/config/service-config.js';
import { EventOutbox } from '../src/events/event-outbox.js';
import { domainEvent } from '../src/events/pending-events.js';
import { createServiceLogger } from '../src/logging/service-logger.js';
import type { ReadModel } from '../src/storage/read-model/read-model.js';
import { ReadModels } from '../src/storage/read-model/read-models.js';
import { ServiceKitModule } from '../src/service-kit.module.js';
import { type WidgetSummary, widgetList } from './support/widget-list.js';
import { eventually, WIDGET_MODELS } from './support/widgets.js';

/** A list declared with `snapshot: true`, written through the kit. */
@Injectable()
class SnapshotWidgets {
  readonly list: ReadModel<WidgetSummary>;

  constructor(
    @InjectModel('Widget') private readonly widgets: Model<AnyObject>,
    private readonly outbox: EventOutbox,
    readModels: ReadModels,
  ) {
    this.list = readModels.create(widgetList(widgets, { name: 'snapshot-widgets', snapshot: true }));
  }

  async create(title: string, topic: string, rank: number): Promise<string> {
    const _id = new mongoose.Types.ObjectId();
    const event = domainEvent(EVENT_SUBJECTS.projectUpdated, { entityId: _id.toHexString(), title, difficulty: 'beginner', courseId: null });
    this.list.written((await this.outbox.create(this.widgets, { _id, title, topic, rank }, event)).toObject());
    return _id.toHexString();
  }
}

describe('read models with `snapshot: true`: saved as a few documents, read at start, checked in the background (real FerretDB and NATS)', () => {
  let infra: TestInfra;
  let db: mongoose.Connection;
  const mongoDb = uniqueDatabaseName('read_model_snapshot');
  const apps: INestApplicationContext[] = [];

  async function startInstance(): Promise<{ app: INestApplicationContext; widgets: SnapshotWidgets }> {
    @Module({ imports: [MongooseModule.forFeature(WIDGET_MODELS)], providers: [SnapshotWidgets] })
    class WidgetsModule {}
    const config = readServiceConfig('content', { MONGO_URL: infra.mongoUrl, NATS_URL: infra.natsUrlAs('svc-content'), MONGO_DB: mongoDb });
    const app = await Test.createTestingModule({ imports: [ServiceKitModule.forRoot(config), WidgetsModule] })
      .setLogger(createServiceLogger({ name: 'read-model-snapshot-spec', logLevel: 'error', logJson: false }))
      .compile();
    await app.init();
    apps.push(app);
    return { app, widgets: app.get(SnapshotWidgets) };
  }

  const titles = async (widgets: SnapshotWidgets, where = {}) => (await widgets.list.page({ where, offset: 0, limit: 100 })).items.map((item) => item.title);
  const head = () => db.collection('read_model_snapshots').findOne({ _id: 'snapshot-widgets-head' as never });

  beforeAll(async () => {
    infra = await startTestInfra({ strictNats: true });
    db = await mongoose.createConnection(infra.mongoUrl, { dbName: mongoDb }).asPromise();
  });

  afterAll(async () => {
    for (const app of apps) await app.close();
    await db?.close();
    await infra?.stop();
  });

  it('starts from the saved summaries, then finds what changed behind its back and saves again', async () => {
    await db.collection('widgets').insertMany([1, 2, 3].map((rank) => ({ title: `seed ${rank}`, topic: 'rm', rank, pendingEvents: [] })));
    const first = await startInstance();
    expect(first.widgets.list.startedFromSnapshot).toBe(false);
    await first.widgets.create('kit one', 'sql', 4);
    await first.app.close();
    // Saved at shutdown (and after the first full read): four summaries.
    expect(await head()).toMatchObject({ count: 4, chunks: 1 });

    // Behind the snapshot's back, while no instance runs: one more, one gone.
    await db.collection('widgets').insertOne({ title: 'behind', topic: 'rm', rank: 0, pendingEvents: [] });
    await db.collection('widgets').deleteOne({ title: 'seed 2' });

    const second = await startInstance();
    expect(second.widgets.list.startedFromSnapshot).toBe(true);
    await eventually(async () => (await titles(second.widgets)).join() === 'behind,seed 1,seed 3,kit one');
    expect(await titles(second.widgets, { topic: 'sql' })).toEqual(['kit one']);
    await eventually(async () => (await head())?.count === 4);

    // A write during the life of the instance is in the next start's snapshot.
    await second.widgets.create('kit two', 'sql', 5);
    await second.app.close();
    const third = await startInstance();
    expect(third.widgets.list.startedFromSnapshot).toBe(true);
    expect(await titles(third.widgets, { topic: 'sql' })).toEqual(['kit one', 'kit two']);
    // Its background read saves again; done by the time it has shut down.
    await third.app.close();
  });

  it('a snapshot cut short (a chunk missing) is never read: the start reads the collection', async () => {
    const saved = await head();
    await db.collection('read_model_snapshots').deleteOne({ _id: `snapshot-widgets-${String(saved?.generation)}-0` as never });
    const instance = await startInstance();
    expect(instance.widgets.list.startedFromSnapshot).toBe(false);
    expect(await titles(instance.widgets)).toEqual(['behind', 'seed 1', 'seed 3', 'kit one', 'kit two']);
  });
});
