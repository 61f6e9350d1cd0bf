import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
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
