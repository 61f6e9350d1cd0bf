import { describe, expect, it } from '@jest/globals';
import { corsOrigins, REMOTE_TABLE, remotesFor, remoteUrls, SERVICE_TABLE } from './platform.js';

describe('remotes', () => {
  it('finds the remotes of @dblearn/federation among the workspace folders, on their fixed ports', () => {
    expect(remotesFor(['shell', 'mf-qna', 'mf-catalog', 'mf-reports'])).toEqual([
      { name: 'catalog', folder: 'mf-catalog', port: 8081, portVariable: 'MF_CATALOG_PORT', urlVariable: 'REMOTE_CATALOG_URL' },
      { name: 'qna', folder: 'mf-qna', port: 8083, portVariable: 'MF_QNA_PORT', urlVariable: 'REMOTE_QNA_URL' },
    ]);
  });

  it('tells the shell every known remote, the environment winning over the local default', () => {
    const urls = remoteUrls((remote) => remote.port + 1000, { REMOTE_CATALOG_URL: 'https://cdn.example/catalog/mf-manifest.json' });
    expect(urls).toEqual({
      ...Object.fromEntries(REMOTE_TABLE.map((remote) => [remote.urlVariable, `http://localhost:${remote.port + 1000}/mf-manifest.json`])),
      REMOTE_CATALOG_URL: 'https://cdn.example/catalog/mf-manifest.json',
    });
    expect(urls.REMOTE_QNA_URL).toBe('http://localhost:9083/mf-manifest.json');
  });
});

describe('services', () => {
  it('starts every service of @dblearn/contracts from its folder', () => {
    expect(SERVICE_TABLE.map((service) => service.folder)).toEqual(['svc-users', 'svc-content', 'svc-community']);
  });

  it('passes the admin to svc-users and the demo switch to svc-content and svc-community', () => {
    const context = { admin: { email: 'a@b.cd', password: 'pw-12345' }, seedDemo: 'true' };
    const env = Object.fromEntries(SERVICE_TABLE.map((s) => [s.folder, s.extraEnv?.(context) ?? {}]));
    expect(env).toEqual({
      'svc-users': { ADMIN_EMAIL: 'a@b.cd', ADMIN_PASSWORD: 'pw-12345' },
      'svc-content': { SEED_DEMO: 'true' },
      'svc-community': { SEED_DEMO: 'true' },
    });
  });
});

describe('corsOrigins', () => {
  it('lets the shell and each remote on its own port call the gateway, and nothing else', () => {
    const origins = corsOrigins(18080, { MF_QNA_PORT: '19083' }).split(',');
    expect(origins).toEqual(expect.arrayContaining(['http://localhost:18080', 'http://127.0.0.1:18080', 'http://localhost:8081', 'http://localhost:19083']));
    expect(origins).toHaveLength(2 * (1 + REMOTE_TABLE.length));
    expect(corsOrigins(8080, { CORS_ORIGINS: 'https://dblearn.example' })).toBe('https://dblearn.example');
  });
});
