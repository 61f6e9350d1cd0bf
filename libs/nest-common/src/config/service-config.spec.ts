import { describe, expect, it } from '@jest/globals';
import { redactUrl } from './redact-url.js';
import { ConfigError, readPositiveInteger, readServiceConfig } from './service-config.js';

describe('readServiceConfig', () => {
  it('falls back to the local defaults and the service database', () => {
    expect(readServiceConfig('users', {})).toEqual({
      service: 'users',
      natsUrl: 'nats://127.0.0.1:4222',
      mongoUrl: 'mongodb://127.0.0.1:27017',
      mongoDb: 'dblearn_users',
      logLevel: 'log',
      logJson: false,
      readModel: 'memory',
      eventsRetention: { maxAgeMs: 7 * 24 * 3_600_000, maxBytes: 1024 * 1_048_576 },
    });
  });

  it('takes every value from the environment', () => {
    const config = readServiceConfig('content', {
      NATS_URL: 'nats://nats:4222',
      MONGO_URL: 'mongodb://db:27017',
      MONGO_DB: 'suite_db',
      LOG_LEVEL: 'DEBUG',
      LOG_FORMAT: 'pretty',
      READ_MODEL: 'off',
      EVENTS_MAX_AGE_HOURS: '24',
      EVENTS_MAX_MB: '100',
    });
    expect(config).toMatchObject({
      natsUrl: 'nats://nats:4222',
      mongoUrl: 'mongodb://db:27017',
      mongoDb: 'suite_db',
      logLevel: 'debug',
      logJson: false,
      readModel: 'off',
      eventsRetention: { maxAgeMs: 24 * 3_600_000, maxBytes: 100 * 1_048_576 },
    });
  });

  it('refuses a read model setting it does not know', () => {
    expect(() => readServiceConfig('users', { READ_MODEL: 'maybe' })).toThrow(new ConfigError('READ_MODEL must be memory (or on) or off (got "maybe").'));
    expect(readServiceConfig('users', { READ_MODEL: 'ON' }).readModel).toBe('memory');
  });

  it('treats blank variables as unset', () => {
    expect(readServiceConfig('users', { MONGO_DB: '  ', NATS_URL: '' })).toMatchObject({ mongoDb: 'dblearn_users', natsUrl: 'nats://127.0.0.1:4222' });
  });

  it('refuses a log level Nest does not know, naming the variable', () => {
    expect(() => readServiceConfig('users', { LOG_LEVEL: 'loud' })).toThrow(new ConfigError('LOG_LEVEL must be one of verbose, debug, log, warn, error, fatal (got "loud").'));
  });
});

describe('readPositiveInteger', () => {
  it('reads a whole number or falls back when unset', () => {
    expect(readPositiveInteger({ N: '1024' }, 'N', 7)).toBe(1024);
    expect(readPositiveInteger({}, 'N', 7)).toBe(7);
  });

  it.each(['0', '-3', '1.5', 'lots'])('refuses %p', (raw) => {
    expect(() => readPositiveInteger({ N: raw }, 'N', 7)).toThrow(ConfigError);
  });
});

describe('redactUrl', () => {
  it('hides credentials and keeps the rest', () => {
    expect(redactUrl('mongodb://admin:s3cret@db:27017/x?authSource=admin')).toBe('mongodb://***@db:27017/x?authSource=admin');
    expect(redactUrl('nats://token@a:4222,nats://b:4222')).toBe('nats://***@a:4222,nats://b:4222');
    expect(redactUrl('nats://127.0.0.1:4222')).toBe('nats://127.0.0.1:4222');
  });
});
