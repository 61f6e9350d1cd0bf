import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EVENT_SUBJECTS } from '@dblearn/contracts';
import { buildProject, startTestInfra, type TestInfra, uniqueDatabaseName } from '@dblearn/testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import mongoose from 'mongoose';
import type { Failpoint } from '../src/events/failpoint.js';
import { streamMessages } from './support/widgets.js';

const here = dirname(fileURLToPath(import.meta.url));
const CHILD = join(here, 'support', 'crash-child.mjs');

interface ChildOutcome {
  code: number | null;
  signal: NodeJS.Signals | null;
  out: string;
}

/**
 * A service process killed with SIGKILL at the worst moments (DBLEARN_FAILPOINT), then started
 * again: the event of the write is on JetStream exactly once, and a delete is finished.
 */
describe('SIGKILL between a write and its event, against real FerretDB and NATS (separate processes)', () => {
  let infra: TestInfra;
  let nc: NatsConnection;
  let jsm: JetStreamManager;
  let db: mongoose.Connection;
  const mongoDb = uniqueDatabaseName('crash');

  function runChild(args: string[], failpoint?: Failpoint): Promise<ChildOutcome> {
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [CHILD, ...args], {
        env: { ...process.env, MONGO_URL: infra.mongoUrl, MONGO_DB: mongoDb, NATS_URL: infra.natsUrl, ...(failpoint ? { DBLEARN_FAILPOINT: failpoint } : {}) },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.once('error', reject);
      child.once('exit', (code, signal) => resolve({ code, signal, out }));
    });
  }

  /** Messages on `subject` about `entityId`, with how many times each eventId is stored. */
  async function eventsAbout(subject: string, entityId: string) {
    return [...(await streamMessages(jsm)).entries()]
      .filter(([, message]) => message.subject === subject && (message.data as { entityId?: string }).entityId === entityId)
      .map(([eventId, message]) => ({ eventId, count: message.count, data: message.data as Record<string, unknown> }));
  }

  const widget = (id: mongoose.Types.ObjectId) => db.collection('widgets').findOne({ _id: id });

  beforeAll(async () => {
    // The child runs the built kit: build it as `npm test` would have.
    await buildProject(join(here, '..'));
    infra = await startTestInfra();
    nc = await connect({ servers: infra.natsUrl });
    jsm = await jetstreamManager(nc);
    db = await mongoose.createConnection(infra.mongoUrl, { dbName: mongoDb }).asPromise();
  }, 120_000);

  afterAll(async () => {
    await db?.close();
    await nc?.close();
    await infra?.stop();
  });

  it('killed after the write, before the publish: the event goes out exactly once after the restart', async () => {
    const id = new mongoose.Types.ObjectId();
    const killed = await runChild(['create', id.toHexString()], 'events:after-write');
    expect(killed.signal).toBe('SIGKILL');
    expect(await widget(id)).toMatchObject({ title: 'created', pendingEvents: [expect.anything()] });
    expect(await eventsAbout(EVENT_SUBJECTS.projectUpdated, id.toHexString())).toEqual([]);

    expect(await runChild(['recover', id.toHexString()])).toMatchObject({ code: 0, out: 'settled\n' });
    const events = await eventsAbout(EVENT_SUBJECTS.projectUpdated, id.toHexString());
    expect(events).toEqual([{ eventId: expect.any(String), count: 1, data: expect.objectContaining({ title: 'created' }) }]);
    expect(await widget(id)).toMatchObject({ pendingEvents: [] });
  });

  it('killed after the publish, before the clear: still exactly once after the restart', async () => {
    const id = new mongoose.Types.ObjectId();
    await db.collection('widgets').insertOne({ _id: id, title: 'old', topic: 'rm', rank: 2, pendingEvents: [] });
    const killed = await runChild(['update', id.toHexString()], 'events:after-publish');
    expect(killed.signal).toBe('SIGKILL');
    expect(await widget(id)).toMatchObject({ title: 'renamed', pendingEvents: [expect.anything()] });
    expect(await eventsAbout(EVENT_SUBJECTS.projectUpdated, id.toHexString())).toEqual([{ eventId: expect.any(String), count: 1, data: expect.objectContaining({ title: 'renamed' }) }]);

    expect(await runChild(['recover', id.toHexString()])).toMatchObject({ code: 0 });
    expect(await eventsAbout(EVENT_SUBJECTS.projectUpdated, id.toHexString())).toEqual([{ eventId: expect.any(String), count: 1, data: expect.objectContaining({ title: 'renamed' }) }]);
    expect(await widget(id)).toMatchObject({ pendingEvents: [] });
  });

  it.each<[Failpoint]>([['events:after-tombstone'], ['events:after-publish']])(
    'a cascade delete killed at %s is finished at the restart: everything gone, the event once',
    async (failpoint) => {
      const id = new mongoose.Types.ObjectId();
      const partIds = [new mongoose.Types.ObjectId(), new mongoose.Types.ObjectId()];
      await db.collection('widgets').insertOne({ _id: id, title: 'doomed', topic: 'fo', rank: 3, pendingEvents: [] });
      await db.collection('parts').insertMany(partIds.map((_id) => ({ _id, widgetId: id.toHexString() })));
      const killed = await runChild(['delete', id.toHexString(), partIds.map(String).join(',')], failpoint);
      expect(killed.signal).toBe('SIGKILL');
      expect(await db.collection('tombstones').countDocuments({ _id: id })).toBe(1);

      expect(await runChild(['recover', id.toHexString()])).toMatchObject({ code: 0 });
      expect(await widget(id)).toBeNull();
      expect(await db.collection('parts').countDocuments({ widgetId: id.toHexString() })).toBe(0);
      expect(await db.collection('tombstones').countDocuments({ _id: id })).toBe(0);
      const events = await eventsAbout(EVENT_SUBJECTS.courseDeleted, id.toHexString());
      expect(events).toEqual([{ eventId: expect.any(String), count: 1, data: expect.objectContaining({ tutorialIds: partIds.map(String) }) }]);
    },
  );
});
