import { type ChildProcess, spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EVENT_SUBJECTS, EVENTS_STREAM, type PublicUser, USERS_PATTERNS } from '@dblearn/contracts';
import { buildProject, startTestInfra, type TestInfra, uniqueDatabaseName } from '@dblearn/testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import mongoose from 'mongoose';
import { UsersCaller } from './support/users-service.js';

const here = dirname(fileURLToPath(import.meta.url));
const MAIN = join(here, '../dist/main.js');

/**
 * Issue 5, "Bad input and faults": svc-users killed with SIGKILL while registrations pour in, then
 * started again (as the launcher does: libs/infra's supervisor restarts a crashed child). No
 * acknowledged registration is lost, and every account in the database has its user.registered
 * event on JetStream exactly once (the write and its event are one).
 */
describe('svc-users SIGKILLed under load (a real process, real FerretDB and NATS)', () => {
  let infra: TestInfra;
  let caller: UsersCaller;
  let service: ChildProcess | null = null;
  const mongoDb = uniqueDatabaseName('sigkill');

  function startService(): Promise<void> {
    const child = spawn(process.execPath, [MAIN], {
      env: { ...process.env, MONGO_URL: infra.mongoUrl, NATS_URL: infra.natsUrl, MONGO_DB: mongoDb, PASSWORD_HASH_COST: '1024', LOG_LEVEL: 'log', LOG_FORMAT: 'json' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    service = child;
    return new Promise((resolve, reject) => {
      let out = '';
      const onData = (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes('is ready')) resolve();
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', onData);
      child.once('exit', (code) => reject(new Error(`svc-users exited (${code}) before it was ready: ${out}`)));
    });
  }

  beforeAll(async () => {
    await buildProject(join(here, '..'));
    infra = await startTestInfra();
    caller = new UsersCaller(infra.natsUrl);
    await startService();
  }, 120_000);

  afterAll(async () => {
    service?.kill('SIGKILL');
    await caller?.close();
    await infra?.stop();
  });

  it('loses no acknowledged registration and publishes each one exactly once', async () => {
    const acknowledged: PublicUser[] = [];
    let failed = 0;
    let running = true;
    const workers = Array.from({ length: 4 }, async (_, worker) => {
      for (let n = 0; running; n += 1) {
        try {
          acknowledged.push(await caller.send<PublicUser>(USERS_PATTERNS.register, { email: `load${worker}-${n}@example.com`, password: 'secret-one', skill: 'beginner' }));
        } catch {
          failed += 1;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
    });

    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const beforeKill = acknowledged.length;
    service!.kill('SIGKILL');
    await new Promise((resolve) => setTimeout(resolve, 500));
    await startService();
    // Calls in flight at the kill wait out their 5 s timeout; keep the load on until the restarted
    // service has answered a few (bounded).
    const afterRestart = acknowledged.length;
    const until = Date.now() + 20_000;
    while (acknowledged.length < afterRestart + 8 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 100));
    running = false;
    await Promise.all(workers);
    expect(beforeKill).toBeGreaterThan(0);
    expect(acknowledged.length).toBeGreaterThan(beforeKill);

    const db = await mongoose.createConnection(infra.mongoUrl, { dbName: mongoDb }).asPromise();
    const nc = await connect({ servers: infra.natsUrl });
    try {
      const stored = await db.collection('users').find({}, { projection: { email: 1 } }).toArray();
      const storedIds = new Set(stored.map((user) => user._id.toHexString()));
      expect(acknowledged.filter((user) => !storedIds.has(user._id))).toEqual([]);

      // Every account, acknowledged or cut off by the kill, has its event exactly once.
      const jsm = await jetstreamManager(nc);
      const perUser = new Map<string, number>();
      const deadline = Date.now() + 20_000;
      for (;;) {
        perUser.clear();
        const { state } = await jsm.streams.info(EVENTS_STREAM);
        for (let seq = state.first_seq; state.messages > 0 && seq <= state.last_seq; seq += 1) {
          const message = await jsm.streams.getMessage(EVENTS_STREAM, { seq }).catch(() => null);
          if (message?.subject !== EVENT_SUBJECTS.userRegistered) continue;
          const { entityId } = message.json<{ entityId: string }>();
          perUser.set(entityId, (perUser.get(entityId) ?? 0) + 1);
        }
        if ([...storedIds].every((id) => perUser.has(id)) || Date.now() > deadline) break;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect([...storedIds].filter((id) => perUser.get(id) !== 1)).toEqual([]);
      expect([...perUser.keys()].filter((id) => !storedIds.has(id))).toEqual([]);
      console.log(`SIGKILL under load: ${acknowledged.length} acknowledged, ${stored.length} stored, ${failed} calls failed during the restart`);
    } finally {
      await nc.close();
      await db.close();
    }
  }, 90_000);
});
