import { request as httpRequest, type IncomingMessage } from 'node:http';
import { connect as tcpConnect } from 'node:net';
import { AUTH_HEADER, QNA_LIVE, type QnaLiveEvent, type TokenClaims } from '@dblearn/contracts';
import { ServiceProcess, startTestInfra, type TestInfra, uniqueDatabaseName } from '@dblearn/testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { JwtService } from '@nestjs/jwt';
import mongoose from 'mongoose';
import request from 'supertest';
import { listenAsWebEntry, listeningPort } from '../src/edge/web-entry.js';
import { LiveStreams, STREAMS_FULL_MESSAGE, TOO_MANY_ADDRESS_STREAMS_MESSAGE, TOO_MANY_STREAMS_MESSAGE } from '../src/live/live-streams.js';
import { checked, eventually, startGateway, TEST_JWT_SECRET, type TestGateway } from './support/gateway.js';

/*
 * Issue 22: GET /api/live/qna, Server-Sent Events fed by svc-community's events on the real NATS,
 * read through the web entry (:8080's code) as a browser would, with the token in its header.
 */

let infra: TestInfra;
let svcCommunity: ServiceProcess;
let gateway: TestGateway;
let edgePort = 0;
const jwt = new JwtService({ secret: TEST_JWT_SECRET });
const HEARTBEAT_MS = 200;
const PER_USER = 2;
const TOTAL = 4;

function tokenFor(email: string): string {
  const claims: TokenClaims = { _id: new mongoose.Types.ObjectId().toHexString(), email, skill: 'beginner', isAdmin: false };
  return jwt.sign(claims, { expiresIn: '1h' });
}

interface Stream {
  response: IncomingMessage;
  /** Everything received so far. */
  text(): string;
  /** The `qna` events received so far. */
  events(): QnaLiveEvent[];
  /** Settles when the answer has ended (a refusal's envelope is then all in `text`). */
  ended: Promise<void>;
  close(): void;
}

/** Opens the stream through the web entry; resolves once the answer's head arrives. */
function open(token?: string, path = `/api${QNA_LIVE.path}`, port = edgePort): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const call = httpRequest({ host: '127.0.0.1', port, path, headers: token ? { [AUTH_HEADER]: token } : {} }, (response) => {
      let received = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (received += chunk));
      response.on('error', () => undefined);
      const ended = new Promise<void>((done) => response.on('close', () => done()));
      resolve({
        ended,
        response,
        text: () => received,
        events: () =>
          received
            .split('\n\n')
            .filter((frame) => frame.startsWith(`event: ${QNA_LIVE.changeEvent}\n`))
            .map((frame) => JSON.parse(frame.split('\ndata: ')[1]!) as QnaLiveEvent),
        close: () => call.destroy(),
      });
    });
    call.on('error', reject);
    call.end();
  });
}

beforeAll(async () => {
  infra = await startTestInfra();
  svcCommunity = new ServiceProcess('svc-community', {
    MONGO_URL: infra.mongoUrl,
    MONGO_DB: uniqueDatabaseName('gateway_live'),
    NATS_URL: infra.natsUrlAs('svc-community'),
    SEED_DEMO: 'false',
  });
  svcCommunity.start();
  gateway = await startGateway({
    NATS_URL: infra.natsUrlAs('gateway'),
    QNA_WRITE_RATE_LIMIT: '100000',
    LIVE_HEARTBEAT_MS: String(HEARTBEAT_MS),
    LIVE_CONNECTIONS_PER_USER: String(PER_USER),
    LIVE_CONNECTIONS_TOTAL: String(TOTAL),
  });
  edgePort = listeningPort(await listenAsWebEntry(gateway.app, { port: 0, host: '127.0.0.1', shellUrl: 'http://127.0.0.1:9' }));
  const probe = tokenFor('probe@example.com');
  await eventually(async () => (await request(gateway.server).get('/api/qna').set(AUTH_HEADER, probe)).status === 200, 30_000, 'svc-community answers');
}, 60_000);

afterAll(async () => {
  await gateway?.close();
  await svcCommunity?.stop();
  await infra?.stop();
});

describe('GET /api/live/qna through the web entry', () => {
  it('answers 401 without a token, and takes none from the query string', async () => {
    const bare = await open();
    expect(bare.response.statusCode).toBe(401);
    const inQuery = await open(undefined, `/api${QNA_LIVE.path}?token=${encodeURIComponent(tokenFor('query@example.com'))}`);
    expect(inQuery.response.statusCode).toBe(401);
  });

  it('opens with retry and ready, unencoded and uncached, then sends heartbeats', async () => {
    const stream = await open(tokenFor('heart@example.com'));
    try {
      expect(stream.response.statusCode).toBe(200);
      expect(stream.response.headers['content-type']).toBe('text/event-stream; charset=utf-8');
      expect(stream.response.headers['content-encoding']).toBeUndefined();
      expect(stream.response.headers['cache-control']).toContain('no-transform');
      await eventually(async () => stream.text().includes(`event: ${QNA_LIVE.readyEvent}\n`), 2_000, 'the ready event');
      expect(stream.text().startsWith('retry: ')).toBe(true);
      expect(stream.text()).toContain(`data: {"heartbeatMs":${HEARTBEAT_MS}}`);
      await eventually(async () => stream.text().split(`event: ${QNA_LIVE.heartbeatEvent}\n`).length >= 3, HEARTBEAT_MS * 10, 'two heartbeats');
    } finally {
      stream.close();
    }
  });

  it("delivers another user's question, reply, edit, accept and delete within a second each", async () => {
    const reader = await open(tokenFor('reader@example.com'));
    const author = tokenFor('author@example.com');
    const api = () => request(gateway.server);
    try {
      await eventually(async () => reader.text().includes(`event: ${QNA_LIVE.readyEvent}`), 2_000, 'ready');
      const arrives = async (kind: QnaLiveEvent['kind'], questionId: string) => {
        const started = Date.now();
        await eventually(async () => reader.events().some((event) => event.kind === kind && event.questionId === questionId), 1_000, `the ${kind} event`);
        expect(Date.now() - started).toBeLessThan(1_000);
      };
      const posted = await checked(api().post('/api/qna').set(AUTH_HEADER, author).send({ topic: 'sql', title: 'A live question here', description: 'Does it arrive live?' }));
      const id = posted.body._id as string;
      await arrives('created', id);
      const replied = await checked(api().post(`/api/qna/${id}/replies`).set(AUTH_HEADER, tokenFor('other@example.com')).send({ reply: 'A live reply, long enough.' }));
      const replyId = replied.body.replies[0]._id as string;
      await arrives('replied', id);
      expect(reader.events().find((event) => event.kind === 'replied')).toEqual({ kind: 'replied', questionId: id, topic: 'sql', replyId });
      await checked(api().put(`/api/qna/${id}`).set(AUTH_HEADER, author).send({ topic: 'rm', title: 'A live question, edited', description: 'Does it arrive live?' }));
      await arrives('updated', id);
      await checked(api().put(`/api/qna/accept/${id}`).set(AUTH_HEADER, author).send({ id: replyId }));
      await arrives('accepted', id);
      await checked(api().delete(`/api/qna/${id}`).set(AUTH_HEADER, author));
      await arrives('deleted', id);
      // Nobody's e-mail travels on the stream.
      expect(reader.text()).not.toContain('@example.com');
    } finally {
      reader.close();
    }
  });

  it(`keeps at most ${PER_USER} streams per user (429) and ${TOTAL} in all (503); a closed one frees its place`, async () => {
    const streams = gateway.app.get(LiveStreams);
    await eventually(async () => streams.open === 0, 2_000, 'earlier streams closed');
    const ana = tokenFor('ana@example.com');
    const first = [await open(ana), await open(ana)];
    const third = await open(ana);
    expect(third.response.statusCode).toBe(429);
    await third.ended;
    expect(third.text()).toContain(TOO_MANY_STREAMS_MESSAGE);

    const others = [await open(tokenFor('ben@example.com')), await open(tokenFor('cy@example.com'))];
    const full = await open(tokenFor('dee@example.com'));
    expect(full.response.statusCode).toBe(503);
    await full.ended;
    expect(full.text()).toContain(STREAMS_FULL_MESSAGE);

    first[0]!.close();
    await eventually(async () => streams.open === TOTAL - 1, 2_000, 'the closed stream is forgotten');
    const again = await open(ana);
    expect(again.response.statusCode).toBe(200);
    for (const stream of [first[1]!, ...others, again]) stream.close();
  });

  it('drops a client that never reads, and keeps serving the others', async () => {
    const streams = gateway.app.get(LiveStreams);
    await eventually(async () => streams.open === 0, 2_000, 'earlier streams closed');
    const reader = await open(tokenFor('reads@example.com'));
    // A raw client that sends its request and then never reads a byte.
    const stalled = tcpConnect(edgePort, '127.0.0.1');
    stalled.on('error', () => undefined);
    stalled.write(`GET /api${QNA_LIVE.path} HTTP/1.1\r\nHost: localhost\r\n${AUTH_HEADER}: ${tokenFor('stalls@example.com')}\r\n\r\n`);
    stalled.pause();
    await eventually(async () => streams.open === 2, 2_000, 'both streams open');
    // One small frame at a time, so the reading client (in this process) keeps up: once the kernel's
    // buffers for the stalled one are full, the gateway holds its bytes, up to the limit.
    const frame = `: ${'x'.repeat(8 * 1024)}\n\n`;
    await eventually(
      async () => {
        for (let index = 0; index < 50 && streams.open === 2; index += 1) {
          streams.broadcast(frame);
          await new Promise((resolve) => setImmediate(resolve));
        }
        return streams.open === 1;
      },
      15_000,
      'the stalled client is dropped',
    );
    expect(reader.response.destroyed).toBe(false);
    reader.close();
    stalled.destroy();
  });
});

describe('live streams per address (issue 30: 64 streams from one address made the edge reset its every request)', () => {
  it('keeps at most LIVE_CONNECTIONS_PER_ADDRESS streams from one address (429 with Retry-After), leaving its other connections for ordinary requests', async () => {
    const PER_ADDRESS = 3;
    const small = await startGateway({ NATS_URL: infra.natsUrlAs('gateway'), LIVE_CONNECTIONS_PER_USER: '10', LIVE_CONNECTIONS_PER_ADDRESS: String(PER_ADDRESS), LIVE_CONNECTIONS_TOTAL: '100' });
    const edge = await listenAsWebEntry(small.app, {
      port: 0,
      host: '127.0.0.1',
      shellUrl: 'http://127.0.0.1:9',
      // Twice the streams, as by default (64 connections per address, 32 streams).
      connections: { maxConnections: 100, maxConnectionsPerAddress: PER_ADDRESS * 2, firstHeadersDeadlineMs: 10_000 },
    });
    const port = listeningPort(edge);
    const streams: Stream[] = [];
    try {
      for (let i = 0; i < PER_ADDRESS; i += 1) streams.push(await open(tokenFor(`class${i}@example.com`), undefined, port));
      expect(streams.map((stream) => stream.response.statusCode)).toEqual(Array(PER_ADDRESS).fill(200));
      const refused = await open(tokenFor('one-more@example.com'), undefined, port);
      expect(refused.response.statusCode).toBe(429);
      expect(Number(refused.response.headers['retry-after'])).toBeGreaterThan(0);
      await refused.ended;
      expect(refused.text()).toContain(TOO_MANY_ADDRESS_STREAMS_MESSAGE);
      // Ordinary requests from the same address are still answered, several at once.
      const answers = await Promise.all(Array.from({ length: PER_ADDRESS }, () => fetch(`http://127.0.0.1:${port}/api/health`).then((response) => response.status)));
      for (const status of answers) expect([200, 503]).toContain(status);
      // A closed stream frees its place.
      streams.shift()!.close();
      await eventually(async () => small.app.get(LiveStreams).open === PER_ADDRESS - 1, 2_000, 'the closed stream is forgotten');
      streams.push(await open(tokenFor('in-turn@example.com'), undefined, port));
      expect(streams.at(-1)!.response.statusCode).toBe(200);
    } finally {
      for (const stream of streams) stream.close();
      await new Promise<void>((done) => {
        edge.close(() => done());
        edge.closeAllConnections();
      });
      await small.close();
    }
  });
});
