import { randomUUID } from 'node:crypto';
import { EVENT_SUBJECTS, type ProjectUpdatedEvent } from '@dblearn/contracts';
import { startTestInfra, type TestInfra, uniqueDatabaseName } from '@dblearn/testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { jetstream, type JetStreamClient, jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { Inject, Injectable, type INestApplicationContext, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import mongoose from 'mongoose';
import type { ServiceConfig } from '../src/config/service-config.js';
import { eventsCommand } from '../src/cli/events-command.js';
import { natsConnectionOptions } from '../src/config/nats-connection.js';
import { EventHandler } from '../src/events/event-handler.decorator.js';
import { ensureEventsStream } from '../src/events/events-stream.js';
import { EventsModule } from '../src/events/events.module.js';
import { ParkedEvents } from '../src/events/parked-events.js';
import { createServiceLogger } from '../src/logging/service-logger.js';
import { MongoModule } from '../src/mongo/mongo.module.js';
import { eventually } from './support/widgets.js';

/** What every instance's handler did, across instances: one entry per call. */
const calls: { instance: string; title: string; eventId: string }[] = [];
/** Titles whose handler throws until it has been called this many times (Infinity: until fixed). */
const failures = new Map<string, number>();

const INSTANCE = Symbol('INSTANCE');

/** A second feature of the same service following the same subject: it fails for `second-flaky` once. */
const secondCalls: { title: string; eventId: string }[] = [];

@Injectable()
class SecondProjectHandlers {
  @EventHandler(EVENT_SUBJECTS.projectUpdated)
  onProjectUpdated(event: ProjectUpdatedEvent): void {
    secondCalls.push({ title: event.title, eventId: event.eventId });
    if (event.title === 'second-flaky' && secondCalls.filter((call) => call.eventId === event.eventId).length === 1) throw new Error('second is not ready');
  }
}

@Injectable()
class ProjectHandlers {
  constructor(@Inject(INSTANCE) private readonly instance: string) {}

  @EventHandler(EVENT_SUBJECTS.projectUpdated)
  async onProjectUpdated(event: ProjectUpdatedEvent): Promise<void> {
    calls.push({ instance: this.instance, title: event.title, eventId: event.eventId });
    const failUntil = failures.get(event.title) ?? 0;
    if (calls.filter((call) => call.eventId === event.eventId).length <= failUntil) throw new Error(`${event.title} is not ready`);
    // Slow enough that two instances both get a share of a burst.
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('the consumer kit, against real NATS JetStream', () => {
  let infra: TestInfra;
  /** svc-content publishes (its events), svc-users consumes and operates its parking: each with only its own rights. */
  let nc: NatsConnection;
  let publisher: NatsConnection;
  let js: JetStreamClient;
  const instances = new Map<string, INestApplicationContext>();
  const mongoDb = uniqueDatabaseName('consumer_kit');

  async function startInstance(name: string): Promise<void> {
    @Module({ providers: [ProjectHandlers, SecondProjectHandlers, { provide: INSTANCE, useValue: name }] })
    class HandlersModule {}
    const config = { service: 'users', mongoUrl: infra.mongoUrl, mongoDb } as ServiceConfig;
    const app = await Test.createTestingModule({
      imports: [
        MongoModule.forRoot(config),
        EventsModule.forRoot({ service: 'users', natsUrl: infra.natsUrlAs('svc-users'), connectionName: `consumer-${name}`, maxDeliveries: 3, redeliveryBackoffMs: 100 }),
        HandlersModule,
      ],
    })
      .setLogger(createServiceLogger({ name: `consumer-${name}`, logLevel: 'fatal', logJson: false }))
      .compile();
    await app.init();
    instances.set(name, app);
  }

  async function stopInstance(name: string): Promise<void> {
    await instances.get(name)?.close();
    instances.delete(name);
  }

  function projectEvent(title: string, eventId = randomUUID()): ProjectUpdatedEvent {
    return { eventId, occurredAt: new Date().toISOString(), entityId: new mongoose.Types.ObjectId().toHexString(), title, difficulty: 'beginner', courseId: null };
  }

  async function publish(event: object, msgID = (event as { eventId?: string }).eventId ?? randomUUID()): Promise<void> {
    await js.publish(EVENT_SUBJECTS.projectUpdated, JSON.stringify(event), { msgID });
  }

  const callsOf = (title: string) => calls.filter((call) => call.title === title);

  beforeAll(async () => {
    // The bus as `npm start` runs it: every process with its own user and permissions.
    infra = await startTestInfra({ strictNats: true });
    nc = await connect(natsConnectionOptions(infra.natsUrlAs('svc-users')));
    publisher = await connect(natsConnectionOptions(infra.natsUrlAs('svc-content')));
    js = jetstream(publisher);
    await ensureEventsStream(await jetstreamManager(publisher));
    await startInstance('a');
    // The durable consumer exists once the first instance has started consuming.
    await eventually(async () => (await publish(projectEvent('warm-up')), callsOf('warm-up').length > 0));
  });

  afterAll(async () => {
    for (const name of [...instances.keys()]) await stopInstance(name);
    await nc?.close();
    await publisher?.close();
    await infra?.stop();
  });

  it('runs two handlers of one subject, and a retry reruns only the one that threw', async () => {
    await publish(projectEvent('second-flaky'));
    await eventually(() => secondCalls.filter((call) => call.title === 'second-flaky').length === 2);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(callsOf('second-flaky')).toHaveLength(1);
    expect(secondCalls.filter((call) => call.title === 'second-flaky')).toHaveLength(2);
  });

  it('retries a handler that throws, with backoff, until it succeeds, and the service keeps running', async () => {
    failures.set('flaky', 2);
    await publish(projectEvent('flaky'));
    await eventually(() => callsOf('flaky').length === 3);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(callsOf('flaky')).toHaveLength(3);
    // Still consuming.
    await publish(projectEvent('after-flaky'));
    await eventually(() => callsOf('after-flaky').length === 1);
  });

  it('handles an eventId once, however often it is delivered', async () => {
    const event = projectEvent('twice');
    await publish(event, `${event.eventId}-a`);
    await publish(event, `${event.eventId}-b`);
    await publish(projectEvent('after-twice'));
    await eventually(() => callsOf('after-twice').length === 1);
    expect(callsOf('twice')).toHaveLength(1);
  });

  it('parks a poison event after the delivery cap, lists it, and replays it on command', async () => {
    failures.set('poison', Infinity);
    const event = projectEvent('poison');
    await publish(event);
    const parked = await ParkedEvents.open(nc, 'users');
    await eventually(async () => (await parked.list()).some((entry) => entry.key === `users.${event.eventId}`));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(callsOf('poison')).toHaveLength(3);
    const [entry] = (await parked.list()).filter((candidate) => candidate.key === `users.${event.eventId}`);
    expect(entry).toMatchObject({ subject: EVENT_SUBJECTS.projectUpdated, deliveries: 3, reason: 'the handler failed 3 times; last: poison is not ready' });
    expect(JSON.parse(entry!.data)).toEqual(event);

    // The operator fixed the cause and replays it.
    failures.delete('poison');
    expect(await parked.replay([event.eventId])).toEqual([`users.${event.eventId}`]);
    await eventually(() => callsOf('poison').length === 4);
    expect((await parked.list()).some((candidate) => candidate.key === `users.${event.eventId}`)).toBe(false);
  });

  it('parks a payload of the wrong shape with the reason, without calling the handler', async () => {
    const eventId = randomUUID();
    await publish({ eventId, occurredAt: 'yesterday', entityId: 'nope', difficulty: 'guru' });
    await js.publish(EVENT_SUBJECTS.projectUpdated, 'not json at all', { msgID: randomUUID() });
    const parked = await ParkedEvents.open(nc, 'users');
    await eventually(async () => (await parked.list()).filter((entry) => entry.reason.startsWith('the payload')).length === 2);
    const reasons = (await parked.list()).filter((entry) => entry.reason.startsWith('the payload')).map((entry) => entry.reason);
    expect(reasons).toContain('the payload is not JSON');
    const shape = reasons.find((reason) => reason.startsWith('the payload does not fit ProjectUpdatedEvent: '));
    for (const problem of ['occurredAt must be an ISO 8601 time.', 'entityId must be a valid id.', 'title must be text.', 'difficulty must be one of: beginner, intermediate, professional.']) {
      expect(shape).toContain(problem);
    }
    expect(calls.some((call) => call.eventId === eventId)).toBe(false);

    // What an operator sees with `npm run events -w svc-users -- parked`.
    const out: string[] = [];
    const err: string[] = [];
    const output = { out: (line: string) => out.push(line), err: (line: string) => err.push(line) };
    expect(await eventsCommand(['users', 'parked'], { NATS_URL: infra.natsUrlAs('svc-users') }, output)).toBe(0);
    expect(out.find((line) => line.startsWith(`users.${eventId}  ${EVENT_SUBJECTS.projectUpdated}  1 deliveries  `))).toContain('entityId must be a valid id.');
    expect(out.at(-1)).toMatch(/^\d+ parked event\(s\) for svc-users\.$/);
    expect(await eventsCommand(['users', 'replay', 'not-parked'], { NATS_URL: infra.natsUrlAs('svc-users') }, output)).toBe(1);
    expect(err.at(-1)).toBe('Not parked: not-parked.');
    expect(await eventsCommand(['users', 'replay'], { NATS_URL: infra.natsUrlAs('svc-users') }, output)).toBe(2);
    expect(await eventsCommand(['nobody', 'parked'], { NATS_URL: infra.natsUrlAs('svc-users') }, output)).toBe(2);
  });

  it('catches up on what was published while the service was down', async () => {
    await stopInstance('a');
    const missed = Array.from({ length: 5 }, (_, index) => projectEvent(`missed-${index}`));
    for (const event of missed) await publish(event);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(calls.some((call) => call.title.startsWith('missed-'))).toBe(false);
    await startInstance('a');
    await eventually(() => missed.every((event) => callsOf(event.title).length === 1));
  });

  it('shares the work between two instances of the service (one durable consumer)', async () => {
    await startInstance('b');
    const burst = Array.from({ length: 60 }, (_, index) => projectEvent(`burst-${index}`));
    await Promise.all(burst.map((event) => publish(event)));
    await eventually(() => burst.every((event) => callsOf(event.title).length === 1), 20_000);
    const byInstance = new Set(calls.filter((call) => call.title.startsWith('burst-')).map((call) => call.instance));
    expect([...byInstance].sort()).toEqual(['a', 'b']);
    expect(calls.filter((call) => call.title.startsWith('burst-'))).toHaveLength(60);
  });
});
