import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { probeTcp } from '@dblearn/infra';
import { AckPolicy, jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import mongoose, { type Connection } from 'mongoose';
import { startTestInfra, uniqueDatabaseName, type TestInfra } from '../src/index.js';

function portOf(url: string): number {
  return Number(new URL(url).port);
}

describe('startTestInfra: a private database and NATS for one suite', () => {
  let infra: TestInfra;
  let db: Connection;
  let nc: NatsConnection;

  beforeAll(async () => {
    infra = await startTestInfra();
    db = await mongoose.createConnection(infra.mongoUrl, { dbName: uniqueDatabaseName('testing_roundtrip') }).asPromise();
    nc = await connect({ servers: infra.natsUrl });
  });
  afterAll(async () => {
    await db?.close();
    await nc?.close();
    await infra?.stop();
  });

  it('hands out loopback URLs without a database path', () => {
    expect(infra.mongoUrl).toMatch(/^mongodb:\/\/127\.0\.0\.1:\d+$/);
    expect(infra.natsUrl).toMatch(/^nats:\/\/127\.0\.0\.1:\d+$/);
  });

  it('does a mongoose round trip: insert, find, unique index, countDocuments', async () => {
    const User = db.model(
      'User',
      new mongoose.Schema({ email: { type: String, required: true, unique: true, lowercase: true }, skill: { type: String, required: true } }),
    );
    await User.init();
    await User.create([
      { email: 'Ada@Example.org', skill: 'beginner' },
      { email: 'grace@example.org', skill: 'professional' },
    ]);

    const found = await User.findOne({ email: 'ada@example.org' }).lean();
    expect(found).toMatchObject({ email: 'ada@example.org', skill: 'beginner' });

    await expect(User.create({ email: 'ADA@example.org', skill: 'intermediate' })).rejects.toMatchObject({ code: 11000 });
    expect(await User.countDocuments()).toBe(2);
    expect(await User.countDocuments({ skill: 'professional' })).toBe(1);
  });

  it('answers a NATS request and stores a JetStream message once per message id', async () => {
    const replies = nc.subscribe('users.health', { queue: 'svc-users' });
    void (async () => {
      for await (const message of replies) message.respond(JSON.stringify({ status: 'ok', asked: message.string() }));
    })();
    const answer = await nc.request('users.health', 'ping', { timeout: 2000 });
    expect(answer.json()).toEqual({ status: 'ok', asked: 'ping' });
    replies.unsubscribe();

    const manager = await jetstreamManager(nc);
    await manager.streams.add({ name: 'TEST_EVENTS', subjects: ['events.>'] });
    const js = jetstream(nc);
    const payload = JSON.stringify({ eventId: 'evt-1', entityId: 'u1' });
    const first = await js.publish('events.users.user.registered', payload, { msgID: 'evt-1' });
    const again = await js.publish('events.users.user.registered', payload, { msgID: 'evt-1' });
    expect(first.duplicate).toBe(false);
    expect(again).toMatchObject({ duplicate: true, seq: first.seq });

    await manager.consumers.add('TEST_EVENTS', { durable_name: 'svc-users', ack_policy: AckPolicy.Explicit });
    const consumer = await js.consumers.get('TEST_EVENTS', 'svc-users');
    const message = await consumer.next({ expires: 5000 });
    expect(message?.subject).toBe('events.users.user.registered');
    expect(message?.json()).toEqual({ eventId: 'evt-1', entityId: 'u1' });
    message?.ack();
  });
});

describe('startTestInfra: options and stopping', () => {
  it('starts only what is asked for, and stop() frees the port (twice is fine)', async () => {
    const infra = await startTestInfra({ mongo: false });
    expect(infra.mongoUrl).toBe('');
    const port = portOf(infra.natsUrl);
    expect(await probeTcp('127.0.0.1', port)).toBe(true);
    await infra.stop();
    await infra.stop();
    expect(await probeTcp('127.0.0.1', port)).toBe(false);
  });

  it('uses MONGO_URL and NATS_URL when they are set instead of starting servers', async () => {
    const own = await startTestInfra();
    const saved = { MONGO_URL: process.env.MONGO_URL, NATS_URL: process.env.NATS_URL };
    try {
      process.env.MONGO_URL = `${own.mongoUrl}/`;
      process.env.NATS_URL = own.natsUrl;
      const shared = await startTestInfra();
      expect(shared.mongoUrl).toBe(own.mongoUrl);
      expect(shared.natsUrl).toBe(own.natsUrl);
      await shared.stop();
      // Stopping the borrowed servers' user must leave them running.
      expect(await probeTcp('127.0.0.1', portOf(own.mongoUrl))).toBe(true);
      expect(await probeTcp('127.0.0.1', portOf(own.natsUrl))).toBe(true);
    } finally {
      for (const [key, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
      await own.stop();
    }
  });
});
