import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import type { RequestConnection } from '../src/bootstrap/request-connection.js';
import type { EventsConnection } from '../src/events/events-connection.js';
import { ensureEventsStream } from '../src/events/events-stream.js';
import { KeptRegistry } from '../src/feeds/kept-registry.js';
import { SubjectFeed } from '../src/feeds/subject-feed.js';
import { KillableNats } from './support/nats-server.js';
import { eventually } from './support/widgets.js';

describe('SubjectFeed: subscribe, survive NATS going away, stop cleanly (real nats-server)', () => {
  let nats: KillableNats;

  beforeAll(async () => {
    nats = await KillableNats.create('dblearn-subject-feed-');
    await nats.start();
  });

  afterAll(async () => {
    await nats?.remove();
  });

  const options = () => ({ servers: nats.url, maxReconnectAttempts: -1, reconnectTimeWait: 200 });

  it('hears its subjects once listening, is told of a cut and a resume, and keeps hearing after a handler throws', async () => {
    const heard: string[] = [];
    const told: string[] = [];
    const feed = new SubjectFeed(
      { get: () => connect(options()), own: true },
      {
        on: {
          'kept.items.*': (body, subject) => {
            heard.push(`${subject}:${body}`);
            if (body === 'bad') throw new Error('a handler that throws');
          },
        },
        listening: () => told.push('listening'),
        cutOff: () => told.push('cut off'),
        resumed: () => told.push('resumed'),
      },
    );
    feed.start();
    await eventually(() => feed.listening, 15_000);
    expect(told).toEqual(['listening']);

    const publisher = await connect(options());
    try {
      // Listening means subscribed on the server: nothing published from now on is missed.
      publisher.publish('kept.items.a', 'bad');
      publisher.publish('other.subject', 'not followed');
      // A subscription whose handler threw still hears the next message.
      publisher.publish('kept.items.b', 'after');
      await publisher.flush();
      await eventually(() => heard.includes('kept.items.b:after'), 15_000);
      expect(heard).toEqual(['kept.items.a:bad', 'kept.items.b:after']);

      await nats.kill();
      await eventually(() => !feed.listening && told.includes('cut off'), 30_000);
      await nats.start();
      await eventually(() => feed.listening && told.includes('resumed'), 30_000);
      // The publisher may still be reconnecting itself: publish until heard.
      await eventually(async () => {
        publisher.publish('kept.items.c', 'back');
        await publisher.flush().catch(() => undefined);
        await new Promise((resolve) => setTimeout(resolve, 100));
        return heard.includes('kept.items.c:back');
      }, 30_000);
    } finally {
      await publisher.close();
    }

    await feed.stop();
    expect(feed.listening).toBe(false);
    expect(told.filter((entry) => entry === 'cut off')).toHaveLength(1);
  }, 120_000);

  it('stops cleanly before NATS ever answers, and a stopped feed subscribes nothing', async () => {
    let asked = 0;
    const feed = new SubjectFeed(
      {
        get: () => {
          asked += 1;
          return Promise.reject(new Error('NATS is away'));
        },
      },
      { on: { 'kept.never': () => undefined } },
    );
    feed.start();
    await eventually(() => asked >= 2, 15_000);
    await feed.stop();
    const askedAtStop = asked;
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(asked).toBe(askedAtStop);
    expect(feed.listening).toBe(false);
  });

  it("KeptRegistry: what a kept thing loaded before its first subscription is reloaded once listening (resumed), and nothing after is missed", async () => {
    // NATS answers the service late (a busy start): the provider's own load has run meanwhile.
    let connectNow: () => void = () => undefined;
    const reachable = new Promise<void>((resolve) => (connectNow = resolve));
    const opened: NatsConnection[] = [];
    const events = {
      connection: async () => {
        await reachable;
        const nc = await connect(options());
        opened.push(nc);
        return nc;
      },
    } as unknown as EventsConnection;
    const registry = new KeptRegistry({} as RequestConnection, events);
    const database = new Set<string>(['ada']);
    let kept = new Set<string>();
    const reload = () => (kept = new Set(database));
    registry.keep('events', { on: { 'kept.accounts': (name) => kept.add(name) }, resumed: reload });
    registry.onModuleInit();
    reload();
    // Written (and announced) by another instance before this one subscribed: never heard.
    database.add('grace');
    const publisher = await connect(options());
    try {
      publisher.publish('kept.accounts', 'grace');
      await publisher.flush();
      connectNow();
      await eventually(() => kept.has('grace'), 15_000);
      publisher.publish('kept.accounts', 'edgar');
      await publisher.flush();
      await eventually(() => kept.has('edgar'), 15_000);
    } finally {
      await publisher.close();
      await registry.onApplicationShutdown();
      // The events connection is the service's, not the registry's: closed by its owner.
      for (const nc of opened) await nc.close();
    }
  }, 60_000);

  it("KeptRegistry.keepReplayed (a read model's events): replays from `since`, and after NATS went away resumes after the last event applied, each once", async () => {
    const service = await connect(options());
    await ensureEventsStream(await jetstreamManager(service));
    const publish = async (nc: NatsConnection, body: string) => void (await jetstream(nc).publish('events.users.widget.changed', body));
    const heard: string[] = [];
    const registry = new KeptRegistry({} as RequestConnection, { connection: async () => service } as unknown as EventsConnection);
    try {
      // Published before the kept thing exists, after `since`: replayed to it.
      await publish(service, 'before');
      registry.onModuleInit();
      registry.keepReplayed({
        name: 'kept widgets',
        filter: 'events.users.>',
        since: new Date(Date.now() - 60_000),
        on: {
          'events.users.widget.changed': async (body) => {
            heard.push(body);
            if (body === 'bad') throw new Error('a handler that throws');
          },
        },
      });
      await publish(service, 'bad');
      await publish(service, 'after bad');
      await eventually(() => heard.includes('after bad'), 15_000);

      // Its port free before the new one binds it: on a busy box the old server can linger.
      await nats.kill();
      await nats.start();
      // Published through another connection while the service's may still be reconnecting.
      const publisher = await connect(options());
      try {
        await publish(publisher, 'while away');
        await publish(publisher, 'last');
      } finally {
        await publisher.close();
      }
      // Well before nats.js would notice two missed heartbeats (about a minute).
      await eventually(() => heard.includes('last'), 20_000);
      expect(heard).toEqual(['before', 'bad', 'after bad', 'while away', 'last']);
    } finally {
      await registry.onApplicationShutdown();
      await service.close();
    }
    const late = await connect(options());
    try {
      await publish(late, 'after stop');
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(heard).not.toContain('after stop');
    } finally {
      await late.close();
    }
  }, 90_000);
});
