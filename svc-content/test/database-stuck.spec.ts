import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CONTENT_PATTERNS, type Course, healthPattern, ROUTES } from '@dblearn/contracts';
import { findRepoRoot, freePort, mongoServerSpec, mongoUrlFor, prepareMongoDataDir, requireMongoServer, Supervisor } from '@dblearn/infra';
import { eventually, NatsCaller, routeCall, startTestInfra, type TestInfra, uniqueDatabaseName } from '@dblearn/testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestMicroservice } from '@nestjs/common';
import mongoose from 'mongoose';
import type { ContentConfig } from '../src/config/content-config.js';
import { startContentService, suiteConfig } from './support/content-service.js';

// Issue 30 High 2, decision 0022: a database that answers no read is reported in the service's
// health, and the launcher's liveness check (the same as here) restarts FerretDB, which frees it.

let infra: TestInfra;
let dataDir: string;
let supervisor: Supervisor;
let service: INestMicroservice | undefined;
let config: ContentConfig;
let content: NatsCaller;
/** A client that holds the database's connections (below). */
let raw: mongoose.Connection | undefined;
const reports: string[] = [];

/** The service's own health answer; `unreachable` while its database is away (a 503). */
const health = () =>
  content
    .send<{ status: string }>(healthPattern('content'), {}, 10_000)
    .then((reply) => reply.status)
    .catch(() => 'unreachable');

beforeAll(async () => {
  infra = await startTestInfra({ mongo: false });
  const server = await requireMongoServer(findRepoRoot());
  dataDir = await mkdtemp(join(tmpdir(), 'dblearn-stuck-'));
  await prepareMongoDataDir(server, dataDir);
  const port = await freePort();
  content = new NatsCaller(infra.natsUrl);
  supervisor = new Supervisor({ printLine: () => undefined, report: (line) => reports.push(line), restart: { initialMs: 100, maxMs: 1_000, stableAfterMs: 60_000 } });
  // What the launcher gives FerretDB (start.ts databasesLiveness), faster: the service's health is the check.
  await supervisor.start({
    ...mongoServerSpec(server, dataDir, port),
    liveness: { what: "a service's database answers no read", everyMs: 2_000, failures: 2, check: async () => (await health()) !== 'database-stuck' },
  });
  config = suiteConfig({ ...infra, mongoUrl: mongoUrlFor(port) }, uniqueDatabaseName('svc_content_stuck'));
  service = await startContentService(config);
}, 60_000);

afterAll(async () => {
  await raw?.close(true);
  await content?.close();
  await service?.close();
  await supervisor?.stopAll();
  await infra?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}, 60_000);

describe('a database that answers no read', () => {
  it('is reported as database-stuck and recovered by a FerretDB restart, the service left running', async () => {
    await eventually(async () => (await health()) === 'ok', 20_000, 'the service is healthy');
    // Each open cursor holds one of the database's 100 pooled SQLite connections in FerretDB 1.24: a
    // client that keeps 100 open starves every other call on that database (decision 0022). Our
    // FerretDB build no longer wedges on a long update command, so this client stands in for a stuck one.
    raw = await mongoose.createConnection(config.mongoUrl, { dbName: config.mongoDb, maxPoolSize: 1 }).asPromise();
    await raw.collection('wedge').insertMany(Array.from({ length: 5 }, (_, rank) => ({ rank })));
    for (let open = 0; open < 100; open++) await raw.collection('wedge').find({}, { batchSize: 1 }).next();

    await eventually(async () => (await health()) === 'database-stuck', 30_000, 'health reports the database stuck');
    await eventually(async () => reports.some((line) => line.includes('killing it to restart it')), 30_000, 'the liveness check kills FerretDB');
    await eventually(async () => (await health()) === 'ok', 60_000, 'health is ok again after the restart');
    const course = await content.send<Course>(...routeCall(ROUTES.courses.create, { body: { topic: 'sql', name: 'After the restart', teacher: 'Edgar Codd', length: '1 hour' } }), 20_000);
    expect(await content.send<Course>(CONTENT_PATTERNS.findCourse, { id: course._id })).toMatchObject({ name: 'After the restart' });
  }, 180_000);
});
