import { describe, expect, it } from '@jest/globals';
import { normaliseServerUrl, parsePort, resolveDataDir, resolveLaunchConfig } from './launch-config.js';

const root = '/repo';

describe('resolveLaunchConfig', () => {
  it('uses the documented defaults', () => {
    const config = resolveLaunchConfig({}, root);
    expect(config).toMatchObject({
      dataDir: '/repo/.data',
      webPort: 8080,
      gatewayPort: 3000,
      dbPort: { port: 27017, explicit: false },
      natsPort: { port: 4222, explicit: false },
      logLevel: 'log',
      production: false,
      seedDemo: 'true',
    });
    expect(config.externalMongoUrl).toBeUndefined();
    expect(config.externalNatsUrl).toBeUndefined();
  });

  it('lets every value be overridden', () => {
    const config = resolveLaunchConfig(
      {
        WEB_PORT: '18080',
        GATEWAY_PORT: '13000',
        DB_PORT: '27917',
        NATS_PORT: '14222',
        DATA_DIR: '/tmp/data',
        MONGO_URL: 'mongodb://db.internal:27017/',
        NATS_URL: 'nats://bus:4222',
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
        SEED_DEMO: 'false',
        READY_TIMEOUT_MS: '5000',
      },
      root,
    );
    expect(config).toMatchObject({
      webPort: 18080,
      gatewayPort: 13000,
      dbPort: { port: 27917, explicit: true },
      natsPort: { port: 14222, explicit: true },
      dataDir: '/tmp/data',
      externalMongoUrl: 'mongodb://db.internal:27017',
      externalNatsUrl: 'nats://bus:4222',
      logLevel: 'warn',
      production: true,
      seedDemo: 'false',
      readyTimeoutMs: 5000,
    });
  });

  it('refuses ports that are not ports, and the same port twice', () => {
    expect(() => resolveLaunchConfig({ WEB_PORT: 'eighty' }, root)).toThrow('WEB_PORT must be a port number from 1 to 65535, not "eighty".');
    expect(() => resolveLaunchConfig({ GATEWAY_PORT: '70000' }, root)).toThrow(/GATEWAY_PORT/);
    expect(() => resolveLaunchConfig({ WEB_PORT: '3000' }, root)).toThrow('WEB_PORT and GATEWAY_PORT are both 3000');
  });

  it('refuses a MONGO_URL or NATS_URL of the wrong kind', () => {
    expect(() => resolveLaunchConfig({ MONGO_URL: 'http://127.0.0.1:27017' }, root)).toThrow(/MONGO_URL must start with mongodb:\/\//);
    expect(() => resolveLaunchConfig({ NATS_URL: '127.0.0.1:4222' }, root)).toThrow(/NATS_URL/);
  });

  it('takes a POSTGRES_URL for the lab instead of starting PostgreSQL (issue 32)', () => {
    expect(resolveLaunchConfig({}, root).externalPostgresUrl).toBeUndefined();
    expect(resolveLaunchConfig({ POSTGRES_URL: 'postgresql://dblearn_lab:pw@db:5432/dblearn_lab/' }, root).externalPostgresUrl).toBe('postgresql://dblearn_lab:pw@db:5432/dblearn_lab');
    expect(() => resolveLaunchConfig({ POSTGRES_URL: 'mysql://db' }, root)).toThrow(/POSTGRES_URL must start with postgres:\/\/ or postgresql:\/\//);
  });
});

describe('helpers', () => {
  it('parsePort falls back on empty values', () => {
    expect(parsePort('X', undefined, 1)).toBe(1);
    expect(parsePort('X', ' ', 1)).toBe(1);
    expect(parsePort('X', '65535', 1)).toBe(65535);
    expect(() => parsePort('X', '0', 1)).toThrow();
    expect(() => parsePort('X', '80.5', 1)).toThrow();
  });

  it('resolveDataDir keeps absolute paths and anchors relative ones at the repo', () => {
    expect(resolveDataDir(root, undefined)).toBe('/repo/.data');
    expect(resolveDataDir(root, 'tmp/d')).toBe('/repo/tmp/d');
    expect(resolveDataDir(root, '/var/d')).toBe('/var/d');
  });

  it('normaliseServerUrl strips trailing slashes only', () => {
    expect(normaliseServerUrl('MONGO_URL', 'mongodb://u:p@h:1//', ['mongodb'])).toBe('mongodb://u:p@h:1');
  });
});
