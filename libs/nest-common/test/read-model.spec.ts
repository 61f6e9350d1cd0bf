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

/** A service's list, the way the feature services declare theirs. */
@Injectable()
class WidgetsService {
  readonly list: ReadModel<WidgetSummary>;

  constructor(
    @InjectModel('Widget') private readonly widgets: Model<AnyObject>,
    @InjectModel('Part') private readonly parts: Model<AnyObject>,
    private readonly outbox: EventOutbox,
    readModels: ReadModels,
  ) {
    this.list = readModels.create(widgetList(widgets));
  }

  async create(title: string, topic: string, rank: number): Promise<string> {
    const _id = new mongoose.Types.ObjectId();
    const doc = await this.outbox.create(this.widgets, { _id, title, topic, rank }, domainEvent(EVENT_SUBJECTS.projectUpdated, { entityId: _id.toHexString(), title, difficulty: 'beginner', courseId: null }));
    this.list.written(doc.toObject());
    return _id.toHexString();
  }

  async rename(id: string, title: string): Promise<void> {
    await this.outbox.update(this.widgets, id, { $set: { title } }, domainEvent(EVENT_SUBJECTS.projectUpdated, { entityId: id, title, difficulty: 'beginner', courseId: null }));
    await this.list.refresh([id]);
  }

  async remove(id: string): Promise<void> {
    await this.outbox.delete(this.widgets, id, domainEvent(EVENT_SUBJECTS.courseDeleted, { entityId: id, tutorialIds: [], projectIds: [] }));
    this.list.deleted([id]);
  }

  /** Documents written straight to the database, as an import or a seed would. */
  async insertMany(count: number, topic: string): Promise<void> {
    await this.widgets.insertMany(Array.from({ length: count }, (_, index) => ({ title: `seed ${index}`, topic, rank: 1_000 + index })));
  }
}

describe('read models: in memory, loaded at start, following every instance’s writes (real FerretDB and NATS)', () => {
  let infra: TestInfra;
  const mongoDb = uniqueDatabaseName('read_model');
  const apps: INestApplicationContext[] = [];

  async function startInstance(readModel = 'memory'): Promise<WidgetsService> {
    @Module({ imports: [MongooseModule.forFeature(WIDGET_MODELS)], providers: [WidgetsService] })
    class WidgetsModule {}
    const config = readServiceConfig('content', { MONGO_URL: infra.mongoUrl, NATS_URL: infra.natsUrlAs('svc-content'), MONGO_DB: mongoDb, READ_MODEL: readModel });
    const app = await Test.createTestingModule({ imports: [ServiceKitModule.forRoot(config), WidgetsModule] })
      .setLogger(createServiceLogger({ name: 'read-model-spec', logLevel: 'error', logJson: false }))
      .compile();
    await app.init();
    apps.push(app);
    return app.get(WidgetsService);
  }

  const titles = async (service: WidgetsService, where = {}) => (await service.list.page({ where, offset: 0, limit: 100 })).items.map((item) => item.title);

  beforeAll(async () => {
    // With the bus permissions of `npm start`: the read models' consumers must be allowed.
    infra = await startTestInfra({ strictNats: true });
  });

  afterAll(async () => {
    for (const app of apps) await app.close();
    await infra?.stop();
  });

  it('loads what is in the database at start, serves its own writes at once, and a second instance sees the first one’s writes', async () => {
    const first = await startInstance();
    await first.insertMany(3, 'rm');
    const second = await startInstance();
    expect(await titles(second)).toEqual(['seed 0', 'seed 1', 'seed 2']);

    const sql = await first.create('first sql', 'sql', 1);
    await first.create('second sql', 'sql', 2);
    // Read-your-writes in the writing instance.
    expect(await first.list.page({ where: { topic: 'sql' }, offset: 0, limit: 10 })).toEqual({
      items: [expect.objectContaining({ title: 'first sql' }), expect.objectContaining({ title: 'second sql' })],
      total: 2,
    });
    // The other instance follows through the events.
    await eventually(async () => (await titles(second, { topic: 'sql' })).join() === 'first sql,second sql');

    await second.rename(sql, 'renamed sql');
    await eventually(async () => (await titles(first, { topic: 'sql' })).join() === 'renamed sql,second sql');
    await second.remove(sql);
    expect(await titles(second, { topic: 'sql' })).toEqual(['second sql']);
    await eventually(async () => (await first.list.page({ where: { topic: 'sql' }, offset: 0, limit: 10 })).total === 1);
    // A deep page of the whole list (the seeds were written behind the kit's back, so only the second instance, loaded later, has them).
    expect((await second.list.page({ offset: 2, limit: 1 })).items.map((item) => item.title)).toEqual(['seed 1']);
  });

  it('with READ_MODEL=off serves the same pages from MongoDB', async () => {
    const memory = await startInstance('memory');
    const off = await startInstance('off');
    expect(off.list.mode).toBe('off');
    for (const where of [{}, { topic: 'rm' }, { topic: 'sql' }, { topic: 'fo' }]) {
      for (const [offset, limit] of [[0, 2], [1, 3], [3, 10]] as const) {
        expect(await off.list.page({ where, offset, limit })).toEqual(await memory.list.page({ where, offset, limit }));
      }
    }
  });
});
