import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultManifestUrl, REMOTE_NAMES } from '@dblearn/federation';
import { createShellApp } from '../src/app.js';
import { loadConfig, type ShellServerConfig } from '../src/config.js';
import { brotliCompressSync } from 'node:zlib';
import { silentLogger } from '../src/logger.js';

const quiet = silentLogger();

function listen(server: Server): Promise<string> {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
  });
}

function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}

/** A stand-in gateway that says what it received. */
function echoGateway(): Server {
  return createServer((req, res) => {
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify({ method: req.method, url: req.url, forwardedFor: req.headers['x-forwarded-for'] ?? null }));
  });
}

describe('shell server', () => {
  let distDir: string;
  let gateway: Server;
  let shell: Server;
  let base: string;
  let config: ShellServerConfig;

  beforeAll(async () => {
    distDir = mkdtempSync(join(tmpdir(), 'shell-dist-'));
    writeFileSync(join(distDir, 'index.html'), '<!doctype html><div id="root"></div>');
    mkdirSync(join(distDir, 'static'));
    writeFileSync(join(distDir, 'static', 'main.0123abcd.js'), 'console.log("shell")');
    // What the build's precompression leaves beside a chunk.
    const chunk = 'export const rows = [];\n'.repeat(100);
    writeFileSync(join(distDir, 'static', 'app.89abcdef.js'), chunk);
    writeFileSync(join(distDir, 'static', 'app.89abcdef.js.br'), brotliCompressSync(chunk));
    writeFileSync(join(distDir, 'robots.txt'), 'User-agent: *');

    gateway = echoGateway();
    const gatewayUrl = await listen(gateway);
    config = loadConfig({
      GATEWAY_URL: gatewayUrl,
      SHELL_DIST_DIR: distDir,
      REMOTE_QNA_URL: 'https://qna.dblearn.example/mf-manifest.json',
    });
    shell = createServer(createShellApp(config, quiet));
    base = await listen(shell);
  });

  afterAll(async () => {
    await close(shell);
    await close(gateway);
    rmSync(distDir, { recursive: true, force: true });
  });

  it("lists each remote manifest from the environment, defaults on each remote's port", async () => {
    const response = await fetch(`${base}/remotes.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const body = (await response.json()) as Record<string, string>;
    expect(body).toEqual({
      ...Object.fromEntries(REMOTE_NAMES.map((name) => [name, defaultManifestUrl(name)])),
      qna: 'https://qna.dblearn.example/mf-manifest.json',
    });
    expect(body.catalog).toBe('http://localhost:8081/mf-manifest.json');
  });

  it('serves six team contacts in /config.json', async () => {
    const response = await fetch(`${base}/config.json`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { teamContacts: { name: string; email: string }[] };
    expect(body.teamContacts).toHaveLength(6);
    for (const contact of body.teamContacts) {
      expect(contact.name.length).toBeGreaterThan(0);
      expect(contact.email).toMatch(/^[^@\s]+@[^@\s]+\.[^@\s]+$/);
    }
  });

  it('caches hashed assets for good and asks again for everything else', async () => {
    const asset = await fetch(`${base}/static/main.0123abcd.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const plain = await fetch(`${base}/robots.txt`);
    expect(plain.headers.get('cache-control')).toBe('no-cache');
  });

  it('sends the brotli copy made at build when the browser takes it', async () => {
    const { request } = await import('node:http');
    const encoding = await new Promise<string | undefined>((resolve, reject) => {
      request(`${base}/static/app.89abcdef.js`, { headers: { 'accept-encoding': 'gzip, deflate, br' } }, (response) => {
        response.resume();
        resolve(response.headers['content-encoding']);
      })
        .on('error', reject)
        .end();
    });
    expect(encoding).toBe('br');
  });

  it('answers every page route with index.html, never cached', async () => {
    for (const path of ['/', '/catalog/6560f0c2a1b2c3d4e5f60718', '/login', '/no/such/page']) {
      const response = await fetch(`${base}${path}`, { headers: { accept: 'text/html,application/xhtml+xml' } });
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toContain('<div id="root">');
    }
  });

  it('answers a missing script with 404, not the page', async () => {
    const response = await fetch(`${base}/static/gone.deadbeef.js`, { headers: { accept: '*/*' } });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'There is nothing at this address.' });
  });

  it('sends security headers, allowing the remotes\' origins for scripts', async () => {
    const response = await fetch(`${base}/`, { headers: { accept: 'text/html' } });
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-powered-by')).toBeNull();
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("default-src 'self'");
    expect(policy).toMatch(/script-src 'self'[^;]*https:\/\/qna\.dblearn\.example/);
    expect(policy).toMatch(/connect-src 'self'[^;]*http:\/\/localhost:8081/);
    expect(policy).toContain("worker-src 'self' blob:");
    expect(policy).toMatch(/script-src 'self' 'wasm-unsafe-eval'/);
    expect(policy).not.toContain("'unsafe-eval'");
    expect(policy).not.toContain('upgrade-insecure-requests');
  });

  it('proxies /api to the gateway with the path kept and X-Forwarded-For set to the real peer only', async () => {
    const response = await fetch(`${base}/api/users/me?x=1`, { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(response.status).toBe(200);
    const seen = (await response.json()) as { method: string; url: string; forwardedFor: string | null };
    expect(seen.url).toBe('/api/users/me?x=1');
    expect(seen.forwardedFor).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
  });

  it('answers 503 in the error envelope when the gateway is down', async () => {
    const down = createServer(createShellApp({ ...config, gatewayUrl: 'http://127.0.0.1:9' }, quiet));
    try {
      const response = await fetch(`${await listen(down)}/api/health`);
      expect(response.status).toBe(503);
      const body = (await response.json()) as Record<string, unknown>;
      expect(body).toMatchObject({ statusCode: 503, error: 'Service Unavailable' });
      expect(typeof body.message).toBe('string');
    } finally {
      await close(down);
    }
  });
});

describe('loadConfig', () => {
  it('listens on 127.0.0.1:8080 and proxies to 127.0.0.1:3000 by default', () => {
    const config = loadConfig({});
    expect(config.host).toBe('127.0.0.1');
    expect(config.port).toBe(8080);
    expect(config.gatewayUrl).toBe('http://127.0.0.1:3000/');
    expect(config.distDir).toMatch(/shell[\\/]dist$/);
  });

  it('honours HOST, WEB_PORT and TEAM_CONTACTS', () => {
    const config = loadConfig({ HOST: '0.0.0.0', WEB_PORT: '9090', TEAM_CONTACTS: 'Ada Lovelace <ada@example.org>, grace@example.org' });
    expect(config.host).toBe('0.0.0.0');
    expect(config.port).toBe(9090);
    expect(config.teamContacts).toEqual([
      { name: 'Ada Lovelace', email: 'ada@example.org' },
      { name: 'grace', email: 'grace@example.org' },
    ]);
  });

  it('refuses settings it cannot use, naming them', () => {
    expect(() => loadConfig({ REMOTE_CATALOG_URL: 'localhost:8081' })).toThrow(/REMOTE_CATALOG_URL/);
    expect(() => loadConfig({ GATEWAY_URL: 'ftp://gateway' })).toThrow(/GATEWAY_URL/);
    expect(() => loadConfig({ WEB_PORT: 'eighty' })).toThrow(/WEB_PORT/);
    expect(() => loadConfig({ TEAM_CONTACTS: 'Ada <not-an-address>' })).toThrow(/TEAM_CONTACTS/);
  });
});
