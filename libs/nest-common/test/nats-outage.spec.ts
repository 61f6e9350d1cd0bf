import { EVENT_SUBJECTS } from '@dblearn/contracts';
import { startTestInfra, type TestInfra, uniqueDatabaseName } from '@dblearn/testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { getModelToken, MongooseModule } from '@nestjs/mongoose';
import { Test, type TestingModule } from '@nestjs/testing';
import mongoose, { type AnyObject, type Model } from 'mongoose';
import type { ServiceConfig } from '../src/config/service-config.js';
import { EventOutbox } from '../src/events/event-outbox.js';
import { EventsModule } from '../src/events/events.module.js';
import { domainEvent, PENDING_FILTER } from '../src/events/pending-events.js';
import { createServiceLogger } from '../src/logging/service-logger.js';
import { MongoModule } from '../src/mongo/mongo.module.js';
import { KillableNats } from './support/nats-server.js';
import { eventually, streamMessages, WIDGET_MODELS } from './support/widgets.js';

/** Issue 5: "Killing NATS for 30 s while writes go on loses no event." */
const OUTAGE_MS = 30_000;
const WRITE_EVERY_MS = 100;

describe('NATS killed (SIGKILL) for 30 s while writes go on, against real FerretDB and nats-server', () => {
  let infra: TestInfra;
  let nats: KillableNats | undefined;
  let app: TestingModule;

  beforeAll(async () => {
    infra = await startTestInfra({ nats: false });
    nats = await KillableNats.create('dblearn-outage-');
    await nats.start();
    const config = { service: 'content', mongoUrl: infra.mongoUrl, mongoDb: uniqueDatabaseName('nats_outage') } as ServiceConfig;
    app = await Test.createTestingModule({
      imports: [
        MongoModule.forRoot(config),
        MongooseModule.forFeature(WIDGET_MODELS),
        EventsModule.forRoot({ service: 'content', natsUrl: nats.url, connectionName: 'outage-spec', publishTimeoutMs: 2_000 }),
      ],
    })
      .setLogger(createServiceLogger({ name: 'outage-spec', logLevel: 'fatal', logJson: true }))
      .compile();
    await app.init();
  });

  afterAll(async () => {
    await app?.close();
    await infra?.stop();
    await nats?.remove();
  });

  it('publishes every acknowledged write exactly once after NATS is back', async () => {
    const outbox = app.get(EventOutbox);
    const widgets = app.get<Model<AnyObject>>(getModelToken('Widget'));
    const written: string[] = [];
    let writing = true;
    const writer = (async () => {
      for (let n = 0; writing; n += 1) {
        const _id = new mongoose.Types.ObjectId();
        await outbox.create(widgets, { _id, title: `w${n}`, topic: 'sql', rank: n }, domainEvent(EVENT_SUBJECTS.projectUpdated, { entityId: _id.toHexString(), title: `w${n}`, difficulty: 'beginner', courseId: null }));
        written.push(_id.toHexString());
        await new Promise((resolve) => setTimeout(resolve, WRITE_EVERY_MS));
      }
    })();

    await new Promise((resolve) => setTimeout(resolve, 2_000));
    await nats!.kill();
    const writtenBefore = written.length;
    await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS));
    const writtenDuring = written.length - writtenBefore;
    await nats!.start();
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    writing = false;
    await writer;

    // Writes never waited on NATS for long: at most a second each while the relay noticed.
    expect(writtenDuring).toBeGreaterThan(OUTAGE_MS / WRITE_EVERY_MS / 4);
    await eventually(async () => (await widgets.countDocuments(PENDING_FILTER).exec()) === 0, 30_000);

    const nc = await connect({ servers: nats!.url });
    try {
      const messages = await streamMessages(await jetstreamManager(nc));
      const byEntity = new Map<string, number>();
      for (const message of messages.values()) {
        const entityId = (message.data as { entityId: string }).entityId;
        byEntity.set(entityId, (byEntity.get(entityId) ?? 0) + message.count);
      }
      expect(written.filter((id) => byEntity.get(id) !== 1)).toEqual([]);
      expect(byEntity.size).toBe(written.length);
    } finally {
      await nc.close();
    }
  }, 120_000);
});
