import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ferretDbSocketPath,
  findRepoRoot,
  freePort,
  type MongoListen,
  mongoServerSpec,
  mongoUrlFor,
  natsServerSpec,
  natsUrlFor,
  prepareMongoDataDir,
  prepareNatsDataDir,
  requireMongoServer,
  requireNatsServer,
  Supervisor,
} from '@dblearn/infra';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import mongoose from 'mongoose';

/**
 * CONTRACT "Running it": a second start on the same DATA_DIR finds everything written before. This
 * runs the database and NATS exactly as the launcher does (same specs, same supervisor, SIGTERM on
 * stop), writes, stops, starts again on the same folder and reads.
 */
describe('the launcher’s database and NATS keep their data across a stop and start', () => {
  let dataDir: string;
  const reports: string[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'dblearn-datadir-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  async function startPlatformServers() {
    const root = findRepoRoot();
    const mongo = await requireMongoServer(root);
    const nats = await requireNatsServer(root);
    // As the launcher: FerretDB on its socket in DATA_DIR, a mongod on a loopback port.
    const listen: MongoListen = mongo.kind === 'ferretdb' ? { socket: ferretDbSocketPath(dataDir) } : await freePort();
    const natsPort = await freePort();
    await prepareMongoDataDir(mongo, dataDir);
    await prepareNatsDataDir(dataDir);
    const supervisor = new Supervisor({ printLine: () => undefined, report: (message) => reports.push(message) });
    await supervisor.start(mongoServerSpec(mongo, dataDir, listen));
    await supervisor.start(natsServerSpec(nats, dataDir, natsPort));
    return { supervisor, mongoUrl: mongoUrlFor(listen), natsUrl: natsUrlFor(natsPort) };
  }

  it('finds accounts and events written before a clean stop', async () => {
    const first = await startPlatformServers();
    const db = await mongoose.createConnection(first.mongoUrl, { dbName: 'dblearn_users' }).asPromise();
    await db.collection('users').createIndex({ email: 1 }, { unique: true });
    await db.collection('users').insertMany([{ email: 'kept@dblearn.test' }, { email: 'also-kept@dblearn.test' }]);
    await db.close();
    const nc = await connect({ servers: first.natsUrl });
    await (await jetstreamManager(nc)).streams.add({ name: 'DBLEARN_EVENTS', subjects: ['events.>'] });
    await jetstream(nc).publish('events.users.user.registered', '{"eventId":"e1"}', { msgID: 'e1' });
    await nc.close();
    await first.supervisor.stopAll();
    expect(reports.filter((r) => /stopped \(clean/.test(r))).toHaveLength(2);

    const second = await startPlatformServers();
    try {
      const again = await mongoose.createConnection(second.mongoUrl, { dbName: 'dblearn_users' }).asPromise();
      const emails = (await again.collection('users').find().sort({ email: 1 }).toArray()).map((user) => user.email);
      expect(emails).toEqual(['also-kept@dblearn.test', 'kept@dblearn.test']);
      await expect(again.collection('users').insertOne({ email: 'kept@dblearn.test' })).rejects.toMatchObject({ code: 11000 });
      await again.close();

      const nc2 = await connect({ servers: second.natsUrl });
      const info = await (await jetstreamManager(nc2)).streams.info('DBLEARN_EVENTS');
      expect(info.state.messages).toBe(1);
      await nc2.close();
    } finally {
      await second.supervisor.stopAll();
    }
  });
});
