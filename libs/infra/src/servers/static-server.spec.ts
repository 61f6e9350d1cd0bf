import { applyHttpServerLimits, HTTP_SERVER_LIMITS } from '@dblearn/contracts';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { type AddressInfo, connect as tcpConnect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync, brotliCompressSync } from 'node:zlib';
import { createStaticServer } from './static-server.js';

describe('createStaticServer', () => {
  let dir: string;
  let server: Server;
  let base: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'dblearn-static-'));
    await mkdir(join(dir, 'static'));
    await writeFile(join(dir, 'mf-manifest.json'), '{"name":"mf_qna"}');
    await writeFile(join(dir, 'static', 'remote.3f2a9c1b.js'), 'export {}');
    await writeFile(join(dir, '.dblearn-build-stamp'), 'x');
    // What precompressionPlugins leaves beside a chunk at build time.
    const chunk = 'export const answer = 42;\n'.repeat(40);
    await writeFile(join(dir, 'static', 'area.9a8b7c6d.js'), chunk);
    await writeFile(join(dir, 'static', 'area.9a8b7c6d.js.gz'), gzipSync(chunk));
    await writeFile(join(dir, 'static', 'area.9a8b7c6d.js.br'), brotliCompressSync(chunk));
    server = createStaticServer(dir);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await rm(dir, { recursive: true, force: true });
  });

  it('serves the manifest to any origin, never cached', async () => {
    const response = await fetch(`${base}/mf-manifest.json`, { headers: { origin: 'http://localhost:8080' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.json()).toEqual({ name: 'mf_qna' });
  });

  it('lets hashed chunks be cached for good', async () => {
    const response = await fetch(`${base}/static/remote.3f2a9c1b.js`);
    expect(response.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(response.headers.get('cache-control')).toContain('immutable');
  });

  it('sends the brotli copy made at build to a browser that takes it, gzip to one that takes only gzip', async () => {
    const http = await import('node:http');
    const get = (encoding: string) =>
      new Promise<{ encoding?: string; vary?: string; length: number }>((resolve, reject) => {
        http
          .get(`${base}/static/area.9a8b7c6d.js`, { headers: { 'accept-encoding': encoding } }, (response) => {
            let length = 0;
            response.on('data', (chunk: Buffer) => (length += chunk.length));
            response.on('end', () => resolve({ encoding: response.headers['content-encoding'], vary: String(response.headers.vary), length }));
          })
          .on('error', reject);
      });
    const brotli = await get('gzip, deflate, br');
    expect(brotli.encoding).toBe('br');
    expect(brotli.vary).toMatch(/accept-encoding/i);
    expect((await get('gzip')).encoding).toBe('gzip');
    const plain = await get('identity');
    expect(plain.encoding).toBeUndefined();
    expect(brotli.length).toBeLessThan(plain.length / 10);
  });

  it('answers CORS preflights, 404 for missing and hidden files, 405 for writes', async () => {
    expect((await fetch(`${base}/mf-manifest.json`, { method: 'OPTIONS' })).status).toBe(204);
    expect((await fetch(`${base}/nope.js`)).status).toBe(404);
    expect((await fetch(`${base}/static`)).status).toBe(404);
    expect((await fetch(`${base}/.dblearn-build-stamp`)).status).toBe(404);
    expect((await fetch(`${base}/mf-manifest.json`, { method: 'POST' })).status).toBe(405);
  });

  it('bounds slow clients and connections like every DBLearn server (issue 6)', () => {
    expect(server).toMatchObject({
      headersTimeout: HTTP_SERVER_LIMITS.headersTimeoutMs,
      requestTimeout: HTTP_SERVER_LIMITS.requestTimeoutMs,
      keepAliveTimeout: HTTP_SERVER_LIMITS.keepAliveTimeoutMs,
      maxConnections: HTTP_SERVER_LIMITS.maxConnections,
      connectionsCheckingInterval: HTTP_SERVER_LIMITS.connectionsCheckingIntervalMs,
    });
  });
});

describe('applyHttpServerLimits against a client dripping header bytes (issue 17)', () => {
  it('closes it at the header limit although every byte resets the idle timer', async () => {
    // Small limits, the same rule: headers in 1 s, checked every 200 ms; a byte every 300 ms beats the 5 s idle timer.
    const server = applyHttpServerLimits(createServer((_req, res) => res.end('ok')), { ...HTTP_SERVER_LIMITS, headersTimeoutMs: 1_000, connectionsCheckingIntervalMs: 200 });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const socket = tcpConnect((server.address() as AddressInfo).port, '127.0.0.1');
      const openedAt = Date.now();
      socket.on('connect', () => socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Drip: '));
      socket.on('error', () => undefined);
      const drip = setInterval(() => socket.writable && socket.write('a'), 300);
      const closedAfter = await new Promise<number>((resolve) => {
        const giveUp = setTimeout(() => resolve(Number.POSITIVE_INFINITY), 6_000);
        socket.on('close', () => {
          clearTimeout(giveUp);
          resolve(Date.now() - openedAt);
        });
      });
      clearInterval(drip);
      socket.destroy();
      // Node's own default (30 s between checks) would keep it far longer.
      expect(closedAfter).toBeLessThan(3_000);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  }, 12_000);
});
