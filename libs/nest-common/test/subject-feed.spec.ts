import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { connect } from '@nats-io/transport-node';
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

      nats.kill();
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
});
