import { type BusPermissions, busPermissionTable, EVENT_SUBJECTS, EVENTS_STREAM, USERS_PATTERNS } from '@dblearn/contracts';
import { jetstreamManager } from '@nats-io/jetstream';
import { startTestInfra, SvcUsersProcess, type TestInfra, uniqueDatabaseName } from '@dblearn/testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { natsConnectionOptions } from '@dblearn/nest-common';
import request from 'supertest';
import { eventually, startGateway, type TestGateway } from './support/gateway.js';
import { startHealthResponder } from './support/health-responder.js';

/*
 * Issue 6, finding 1: the bus as an attacker on this machine sees it. NATS runs exactly as
 * `npm start` runs it (no anonymous user), the gateway and svc-users each with their own credentials.
 */

let infra: TestInfra;
let gateway: TestGateway;
let svcUsers: SvcUsersProcess | undefined;
const opened: NatsConnection[] = [];

async function connectAs(user: string): Promise<NatsConnection> {
  const nc = await connect({ ...natsConnectionOptions(infra.natsUrlAs(user)), maxReconnectAttempts: 0 });
  opened.push(nc);
  return nc;
}

/** Subscribes and reports what the server said about it: a permissions error, or nothing within a round trip. */
async function trySubscribe(nc: NatsConnection, subject: string, queue?: string): Promise<{ refused: boolean; received: string[] }> {
  const received: string[] = [];
  let refused = false;
  nc.subscribe(subject, {
    ...(queue ? { queue } : {}),
    callback: (error, message) => {
      if (error) refused = true;
      else received.push(message.subject);
    },
  });
  await nc.flush();
  await new Promise((resolve) => setTimeout(resolve, 100));
  return {
    get refused() {
      return refused;
    },
    received,
  };
}

function login() {
  return request(gateway.server).post('/api/auth').send({ email: 'admin@example.com', password: 'whatever-password' });
}

beforeAll(async () => {
  infra = await startTestInfra({ mongo: true, nats: true, strictNats: true });
  gateway = await startGateway({ NATS_URL: infra.natsUrlAs('gateway'), NATS_TIMEOUT_MS: '1000' });
}, 60_000);

afterAll(async () => {
  await Promise.allSettled(opened.map((nc) => nc.close()));
  await gateway?.close();
  await svcUsers?.stop();
  await infra?.stop();
});

describe('the message bus refuses whoever has no credentials, and each part anything not its own', () => {
  it('refuses a connection without credentials, or with a wrong password', async () => {
    await expect(connect({ servers: infra.natsUrl, maxReconnectAttempts: 0 })).rejects.toThrow(/authorization/i);
    const wrong = infra.natsUrlAs('svc-users').replace(/:[^:@/]+@/, ':wrong-password@');
    await expect(connect({ ...natsConnectionOptions(wrong), maxReconnectAttempts: 0 })).rejects.toThrow(/authorization/i);
  });

  it('does not let another service read or answer users.* in place of svc-users', async () => {
    const intruder = await connectAs('svc-content');
    const asQueue = await trySubscribe(intruder, 'users.>', 'svc-users');
    const plain = await trySubscribe(intruder, USERS_PATTERNS.verifyCredentials);
    expect(asQueue.refused).toBe(true);
    expect(plain.refused).toBe(true);
    // With svc-users down, the gateway finds no one to answer: 503, never a forged token.
    const response = await login();
    expect(response.status).toBe(503);
    expect(asQueue.received).toEqual([]);
    expect(plain.received).toEqual([]);
  });

  it('lets only the gateway send requests, and nobody read the gateway’s replies', async () => {
    const service = await connectAs('svc-content');
    await expect(service.request(USERS_PATTERNS.health, '', { timeout: 1000 })).rejects.toThrow(/permission/i);
    const inbox = await trySubscribe(service, '_INBOX_gateway.>');
    expect(inbox.refused).toBe(true);
    const everything = await trySubscribe(service, '>');
    expect(everything.refused).toBe(true);
  });

  it('keeps events from anyone but their owner', async () => {
    const owner = await connectAs('svc-users');
    const heard = await trySubscribe(owner, 'events.>');
    expect(heard.refused).toBe(false);
    const forger = await connectAs('svc-content');
    forger.publish(EVENT_SUBJECTS.userRegistered, '{"eventId":"forged"}');
    await forger.flush();
    owner.publish(EVENT_SUBJECTS.userRegistered, '{"eventId":"genuine"}');
    await owner.flush();
    await eventually(async () => heard.received.length > 0, 2000, 'the genuine event arrives');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heard.received).toEqual([EVENT_SUBJECTS.userRegistered]);
  });

  it('works for svc-users and the gateway with their own credentials (register, event, login)', async () => {
    svcUsers = new SvcUsersProcess({ MONGO_URL: infra.mongoUrl, MONGO_DB: uniqueDatabaseName('bus_auth'), NATS_URL: infra.natsUrlAs('svc-users') });
    svcUsers.start();
    // /health asks every routed service: content and community stand-ins with their own credentials leave it to svc-users.
    const community = await startHealthResponder(infra.natsUrlAs('svc-community'), 'community');
    const content = await startHealthResponder(infra.natsUrlAs('svc-content'), 'content');
    try {
      await eventually(async () => (await request(gateway.server).get('/api/health')).status === 200, 30_000, 'svc-users answers /health');
    } finally {
      await community.close();
      await content.close();
    }
    const account = { email: `bus-${Date.now()}@example.com`, password: 'secret-password' };
    expect((await request(gateway.server).post('/api/users').send({ ...account, skill: 'beginner' })).status).toBe(201);
    expect((await request(gateway.server).post('/api/auth').send(account)).status).toBe(200);
    // The outbox relay got the event into JetStream with svc-users' own credentials.
    const jsm = await jetstreamManager(await connectAs('svc-users'));
    await eventually(async () => (await jsm.streams.info(EVENTS_STREAM)).state.messages >= 1, 10_000, 'the user.registered event is stored');
    expect(svcUsers.recentOutput()).not.toMatch(/permission/i);
  }, 40_000);

  it('derives every service’s permissions from SERVICES', () => {
    const table = busPermissionTable();
    const byUser = (user: string) => table.find((entry) => entry.user === user) as BusPermissions;
    expect(table.map((entry) => entry.user)).toEqual(['gateway', 'svc-users', 'svc-content', 'svc-community']);
    expect(byUser('gateway').publish).toEqual(['users.>', 'content.>', 'community.>']);
    expect(byUser('svc-community').subscribe).toContain('community.> svc-community');
  });
});
