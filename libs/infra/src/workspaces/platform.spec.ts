import { describe, expect, it } from '@jest/globals';
import { remotePortVariable, remotesFor, remoteUrls, SERVICE_TABLE } from './platform.js';

describe('remotes', () => {
  it('gives the four known remotes their fixed ports and a new one the next free port', () => {
    expect(remotesFor(['shell', 'mf-qna', 'mf-catalog', 'mf-reports'])).toEqual([
      { folder: 'mf-qna', port: 8083, urlVariable: 'REMOTE_QNA_URL' },
      { folder: 'mf-catalog', port: 8081, urlVariable: 'REMOTE_CATALOG_URL' },
      { folder: 'mf-reports', port: 8085, urlVariable: 'REMOTE_REPORTS_URL' },
    ]);
    expect(remotePortVariable('mf-catalog')).toBe('MF_CATALOG_PORT');
  });

  it('tells the shell every known remote, the environment winning over the local default', () => {
    const urls = remoteUrls(remotesFor(['mf-qna']), (remote) => remote.port, { REMOTE_CATALOG_URL: 'https://cdn.example/catalog/mf-manifest.json' });
    expect(urls).toEqual({
      REMOTE_CATALOG_URL: 'https://cdn.example/catalog/mf-manifest.json',
      REMOTE_INTERVIEW_URL: 'http://localhost:8082/mf-manifest.json',
      REMOTE_QNA_URL: 'http://localhost:8083/mf-manifest.json',
      REMOTE_DASHBOARD_URL: 'http://localhost:8084/mf-manifest.json',
    });
  });
});

describe('services', () => {
  it('passes the admin to svc-users and the demo switch to svc-content', () => {
    const context = { admin: { email: 'a@b.cd', password: 'pw-12345' }, seedDemo: 'true' };
    const env = Object.fromEntries(SERVICE_TABLE.map((s) => [s.folder, s.extraEnv?.(context) ?? {}]));
    expect(env).toEqual({
      'svc-users': { ADMIN_EMAIL: 'a@b.cd', ADMIN_PASSWORD: 'pw-12345' },
      'svc-content': { SEED_DEMO: 'true' },
      'svc-community': {},
    });
  });
});
