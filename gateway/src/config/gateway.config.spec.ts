import { describe, expect, it } from '@jest/globals';
import { ConfigError, loadGatewayConfig } from './gateway.config.js';

const secret = { JWT_SECRET: 'a-long-enough-secret-for-the-tests-0123456789' };

describe('loadGatewayConfig', () => {
  it('uses the documented defaults', () => {
    const config = loadGatewayConfig(secret);
    expect(config).toEqual({
      port: 3000,
      host: '127.0.0.1',
      natsUrl: 'nats://127.0.0.1:4222',
      natsTimeoutMs: 2000,
      natsHashingTimeoutMs: 5000,
      jwt: { secret: secret.JWT_SECRET, expiresIn: '7d', maxAge: '7d' },
      rateLimits: {
        login: { limit: 10, ttlMs: 60_000 },
        loginPerAddress: { limit: 20, ttlMs: 900_000 },
        loginFailuresPerAddress: { limit: 100, ttlMs: 900_000 },
        loginRequests: { limit: 20, ttlMs: 60_000 },
        loginRequestsPerAddress: { limit: 300, ttlMs: 60_000 },
        register: { limit: 10, ttlMs: 60_000 },
      },
      userLimits: {
        attempts: { limit: 30, windowMs: 60_000 },
        attemptsInFlight: 2,
        attemptsInFlightPerAddress: 4,
        qnaWrites: { limit: 10, windowMs: 60_000 },
        searches: { limit: 120, windowMs: 60_000 },
      },
      live: { perUser: 6, perAddress: 32, total: 2_000, heartbeatMs: 15_000 },
      logLevels: ['log', 'warn', 'error', 'fatal'],
      trustedEdges: [],
      corsOrigins: ['http://localhost:8080', 'http://127.0.0.1:8080'],
      logJson: false,
    });
  });

  it('refuses to start without JWT_SECRET', () => {
    expect(() => loadGatewayConfig({})).toThrow(ConfigError);
    expect(() => loadGatewayConfig({ JWT_SECRET: '   ' })).toThrow(/JWT_SECRET is required/);
  });

  it('refuses to start in production without JWT_SECRET (no default secret, docker compose included)', () => {
    expect(() => loadGatewayConfig({ NODE_ENV: 'production', HOST: '0.0.0.0', GATEWAY_PORT: '3000' })).toThrow(/JWT_SECRET is required/);
  });

  it('reads every setting from the environment', () => {
    const config = loadGatewayConfig({
      ...secret,
      GATEWAY_PORT: '3100',
      HOST: '0.0.0.0',
      NATS_URL: 'nats://nats:4222',
      NATS_TIMEOUT_MS: '500',
      JWT_EXPIRES_IN: '3600',
      AUTH_RATE_LIMIT: '3',
      AUTH_RATE_TTL_MS: '1000',
      REGISTER_RATE_LIMIT: '5',
      AUTH_ADDRESS_FAILURE_LIMIT: '40',
      ATTEMPTS_IN_FLIGHT_PER_ADDRESS_LIMIT: '6',
      SEARCH_RATE_LIMIT: '30',
      LIVE_CONNECTIONS_PER_ADDRESS: '12',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '10.0.0.2',
    });
    expect(config.port).toBe(3100);
    expect(config.host).toBe('0.0.0.0');
    expect(config.natsUrl).toBe('nats://nats:4222');
    expect(config.natsTimeoutMs).toBe(500);
    expect(config.jwt.expiresIn).toBe(3600);
    expect(config.rateLimits.login).toEqual({ limit: 3, ttlMs: 1000 });
    expect(config.rateLimits.register.limit).toBe(5);
    expect(config.rateLimits.loginFailuresPerAddress).toEqual({ limit: 40, ttlMs: 900_000 });
    expect(config.userLimits.attemptsInFlightPerAddress).toBe(6);
    expect(config.userLimits.searches).toEqual({ limit: 30, windowMs: 60_000 });
    expect(config.live.perAddress).toBe(12);
    expect(config.logLevels).toEqual(['warn', 'error', 'fatal']);
    expect(config.trustedEdges).toEqual(['10.0.0.2']);
  });

  it('names the variable at fault when a value is unusable', () => {
    expect(() => loadGatewayConfig({ ...secret, NATS_TIMEOUT_MS: 'soon' })).toThrow(/NATS_TIMEOUT_MS must be a whole number/);
    expect(() => loadGatewayConfig({ ...secret, GATEWAY_PORT: '70000' })).toThrow(/GATEWAY_PORT/);
    expect(() => loadGatewayConfig({ ...secret, JWT_EXPIRES_IN: 'a week' })).toThrow(/JWT_EXPIRES_IN/);
    expect(() => loadGatewayConfig({ ...secret, LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL must be one of/);
  });
});
