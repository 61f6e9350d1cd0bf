import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createStaticServer, resolveStaticPath } from './static-server.js';

describe('resolveStaticPath', () => {
  it('maps URL paths inside the folder and / to index.html', () => {
    expect(resolveStaticPath('/srv', '/')).toBe('/srv/index.html');
    expect(resolveStaticPath('/srv', '/static/js/app.js?v=1')).toBe('/srv/static/js/app.js');
    expect(resolveStaticPath('/srv', '/a%20b.js')).toBe('/srv/a b.js');
  });

  it('refuses to leave the folder or to serve dot-files', () => {
    expect(resolveStaticPath('/srv', '/../etc/passwd')).toBe('/srv/etc/passwd');
    expect(resolveStaticPath('/srv', '/%2e%2e/%2e%2e/etc/passwd')).toBe('/srv/etc/passwd');
    expect(resolveStaticPath('/srv', '/.dblearn-build-stamp')).toBeUndefined();
    expect(resolveStaticPath('/srv', '/%00')).toBeUndefined();
    expect(resolveStaticPath('/srv', '/%E0%A4%A')).toBeUndefined();
  });
});

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
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.json()).toEqual({ name: 'mf_qna' });
  });

  it('lets hashed chunks be cached for good', async () => {
    const response = await fetch(`${base}/static/remote.3f2a9c1b.js`);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('cache-control')).toContain('immutable');
  });

  it('answers CORS preflights, 404 for missing and hidden files, 405 for writes', async () => {
    expect((await fetch(`${base}/mf-manifest.json`, { method: 'OPTIONS' })).status).toBe(204);
    expect((await fetch(`${base}/nope.js`)).status).toBe(404);
    expect((await fetch(`${base}/static`)).status).toBe(404);
    expect((await fetch(`${base}/.dblearn-build-stamp`)).status).toBe(404);
    expect((await fetch(`${base}/mf-manifest.json`, { method: 'POST' })).status).toBe(405);
  });
});
