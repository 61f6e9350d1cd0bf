// A minimal service process for the SIGKILL tests (plain JavaScript on the built kit, so that it
// runs as a real separate process): `node crash-child.mjs <create|update|delete|recover> <id> [partId,…]`.
// With DBLEARN_FAILPOINT set it kills itself at that point; without, it waits until every pending
// event is published and every tombstone finished, prints "settled" and exits.
import 'reflect-metadata';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { getModelToken, MongooseModule } from '@nestjs/mongoose';
import mongoose from 'mongoose';
import { domainEvent, EventOutbox, EventsModule, MongoModule, PENDING_FILTER, Tombstone, withPendingEvents } from '@dblearn/nest-common';

const [op, id, parts = ''] = process.argv.slice(2);
const partIds = parts.split(',').filter(Boolean);
const { MONGO_URL, MONGO_DB, NATS_URL } = process.env;

// The same schemas as test/support/widgets.ts.
const WidgetSchema = withPendingEvents(
  new mongoose.Schema({ title: { type: String, required: true }, topic: { type: String, required: true }, rank: { type: Number, required: true } }, { versionKey: false }),
);
const PartSchema = new mongoose.Schema({ widgetId: { type: String, required: true } }, { versionKey: false });

class CrashModule {}
Module({
  imports: [
    MongoModule.forRoot({ service: 'content', mongoUrl: MONGO_URL, mongoDb: MONGO_DB }),
    MongooseModule.forFeature([
      { name: 'Widget', schema: WidgetSchema },
      { name: 'Part', schema: PartSchema },
    ]),
    EventsModule.forRoot({ service: 'content', natsUrl: NATS_URL, connectionName: 'crash-child', publishTimeoutMs: 2_000 }),
  ],
})(CrashModule);

const app = await NestFactory.createApplicationContext(CrashModule, { logger: ['error', 'fatal'] });
const outbox = app.get(EventOutbox);
const widgets = app.get(getModelToken('Widget'));
const tombstones = app.get(getModelToken(Tombstone.name));
const updated = (title) => domainEvent('events.content.project.updated', { entityId: id, title, difficulty: 'beginner', courseId: null });

if (op === 'create') await outbox.create(widgets, { _id: id, title: 'created', topic: 'sql', rank: 1 }, updated('created'));
if (op === 'update') await outbox.update(widgets, id, { $set: { title: 'renamed' } }, updated('renamed'));
if (op === 'delete') {
  const deleted = domainEvent('events.content.course.deleted', { entityId: id, tutorialIds: partIds, projectIds: [] });
  await outbox.delete(widgets, id, deleted, [{ model: 'Part', ids: partIds }]);
}

for (const started = Date.now(); Date.now() - started < 20_000; await new Promise((resolve) => setTimeout(resolve, 100))) {
  const pending = (await widgets.countDocuments(PENDING_FILTER)) + (await tombstones.countDocuments());
  if (pending === 0) {
    console.log('settled');
    await app.close();
    process.exit(0);
  }
}
console.error('still pending after 20 s');
process.exit(1);
