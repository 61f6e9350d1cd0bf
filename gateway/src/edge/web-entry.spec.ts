import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, get, type Server } from 'node:http';
import { type AddressInfo, connect as tcpConnect, type Socket } from 'node:net';
import { Controller, Get, Module, Req } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Request } from 'express';
import { isApiPath, listenAsWebEntry, listeningPort, readWebEntryConfig } from './web-entry.js';

@Controller('who')
class WhoController {
  @Get()
  who(@Req() req: Request) {
    return { ip: req.ip, forwardedFor: req.headers['x-forwarded-for'] ?? null };
  }
}

@Module({ controllers: [WhoController] })
class WhoModule {}

describe('the web entry on WEB_PORT', () => {
  let app: NestExpressApplication;
  let shell: Server;
  let base: string;

  beforeAll(async () => {
    // A stand-in shell server that says what it was asked for.
    shell = createServer((req, res) => res.end(`shell:${req.url}`));
    await new Promise<void>((resolve) => shell.listen(0, '127.0.0.1', resolve));
    app = await NestFactory.create<NestExpressApplication>(WhoModule, { logger: false, forceCloseConnections: true });
    app.set('trust proxy', 'loopback');
    app.setGlobalPrefix('api');
    await app.listen(0, '127.0.0.1');
    const web = await listenAsWebEntry(app, { port: 0, host: '127.0.0.1', shellUrl: `http://127.0.0.1:${(shell.address() as AddressInfo).port}` });
    base = `http://127.0.0.1:${listeningPort(web)}`;
  });

  afterAll(async () => {
    await app.close();
    shell.closeAllConnections();
    await new Promise((resolve) => shell.close(resolve));
  });

  it('answers /api in this process, with X-Forwarded-For overwritten by the real peer', async () => {
    const response = await fetch(`${base}/api/who`, { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { ip: string; forwardedFor: string };
    expect(body.forwardedFor).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
    expect(body.ip).not.toBe('203.0.113.9');
  });

  it('passes every other path to the shell server', async () => {
    expect(await (await fetch(`${base}/login`)).text()).toBe('shell:/login');
    expect(await (await fetch(`${base}/remotes.json`)).text()).toBe('shell:/remotes.json');
    expect(await (await fetch(`${base}/apis`)).text()).toBe('shell:/apis');
  });

  it('closes with the gateway', async () => {
    await app.close();
    await expect(fetch(`${base}/api/who`)).rejects.toThrow();
  });
});

/** A client that sends one header byte every `everyMs` and never finishes its headers. */
function dripper(port: number, localAddress: string, everyMs: number): { socket: Socket; open: () => boolean; closedAfter: Promise<number> } {
  const socket = tcpConnect({ port, host: '127.0.0.1', localAddress });
  const openedAt = Date.now();
  let open = true;
  socket.on('connect', () => socket.write('GET /api/who HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: '));
  socket.on('error', () => undefined);
  const timer = setInterval(() => socket.writable && socket.write('a'), everyMs);
  const closedAfter = new Promise<number>((resolve) =>
    socket.on('close', () => {
      open = false;
      clearInterval(timer);
      resolve(Date.now() - openedAt);
    }),
  );
  return { socket, open: () => open, closedAfter };
}

/** An ordinary request on a new connection from this address: its status, or 0 when the connection failed. */
function ordinaryRequest(port: number, localAddress: string): Promise<number> {
  return new Promise((resolve) => {
    const request = get({ host: '127.0.0.1', port, path: '/api/who', localAddress, agent: false, timeout: 5_000 }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', () => resolve(0));
    request.on('timeout', () => request.destroy());
  });
}

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the web entry under slow and greedy clients (issue 17, finding 6), on loopback', () => {
  let app: NestExpressApplication;
  let shell: Server;

  const webEntry = async (connections: { maxConnections: number; maxConnectionsPerAddress: number; firstHeadersDeadlineMs: number }) =>
    listeningPort(await listenAsWebEntry(app, { port: 0, host: '127.0.0.1', shellUrl: `http://127.0.0.1:${(shell.address() as AddressInfo).port}`, connections }));

  beforeAll(async () => {
    shell = createServer((req, res) => res.end(`shell:${req.url}`));
    await new Promise<void>((resolve) => shell.listen(0, '127.0.0.1', resolve));
    app = await NestFactory.create<NestExpressApplication>(WhoModule, { logger: false, forceCloseConnections: true });
    app.setGlobalPrefix('api');
    await app.listen(0, '127.0.0.1');
  });

  afterAll(async () => {
    await app.close();
    shell.closeAllConnections();
    await new Promise((resolve) => shell.close(resolve));
  });

  it('closes a connection at its first-headers deadline although every dripped byte resets the idle timer', async () => {
    const port = await webEntry({ maxConnections: 100, maxConnectionsPerAddress: 10, firstHeadersDeadlineMs: 1_000 });
    // A byte every 300 ms: Node's 5 s idle timer never fires, and it checks headersTimeout only every 30 s by default.
    const client = dripper(port, '127.0.0.1', 300);
    const closedAfter = await Promise.race([client.closedAfter, settle(4_000).then(() => Infinity)]);
    client.socket.destroy();
    expect(closedAfter).toBeGreaterThanOrEqual(900);
    expect(closedAfter).toBeLessThan(2_500);
  }, 10_000);

  it('keeps ordinary requests answered while drippers hold more connections than the table has, even from their own address', async () => {
    // A deadline far beyond the test: only the table's eviction can let the ordinary requests in.
    const port = await webEntry({ maxConnections: 30, maxConnectionsPerAddress: 10, firstHeadersDeadlineMs: 60_000 });
    const attackers = ['127.0.0.2', '127.0.0.3', '127.0.0.4', '127.0.0.5'];
    const drippers = attackers.flatMap((address) => Array.from({ length: 15 }, () => ({ address, ...dripper(port, address, 500) })));
    await settle(500);
    try {
      const openFrom = (address: string) => drippers.filter((client) => client.address === address && client.open()).length;
      for (const address of attackers) expect(openFrom(address)).toBeLessThanOrEqual(10);
      expect(drippers.filter((client) => client.open()).length).toBeLessThanOrEqual(30);

      const statuses: number[] = [];
      for (const address of ['127.0.0.2', '127.0.0.6', '127.0.0.1', '127.0.0.5']) {
        for (let round = 0; round < 4; round += 1) statuses.push(await ordinaryRequest(port, address));
      }
      expect(statuses).toEqual(Array.from({ length: 16 }, () => 200));
    } finally {
      for (const client of drippers) client.socket.destroy();
    }
  }, 20_000);
});

describe('web entry settings', () => {
  it('is off without WEB_PORT and needs SHELL_URL with it', () => {
    expect(readWebEntryConfig({})).toBeNull();
    expect(() => readWebEntryConfig({ WEB_PORT: '8080' })).toThrow(/SHELL_URL/);
    expect(() => readWebEntryConfig({ WEB_PORT: 'x', SHELL_URL: 'http://127.0.0.1:1' })).toThrow(/WEB_PORT/);
    expect(readWebEntryConfig({ WEB_PORT: '8080', SHELL_URL: 'http://127.0.0.1:8090' })).toEqual({ port: 8080, host: '127.0.0.1', shellUrl: 'http://127.0.0.1:8090' });
  });

  it('sends only /api and below to the gateway', () => {
    expect(['/api', '/api/users/me', '/api?x'].every(isApiPath)).toBe(true);
    expect(['/apis', '/', '/static/api/x.js', undefined].some(isApiPath)).toBe(false);
  });
});
