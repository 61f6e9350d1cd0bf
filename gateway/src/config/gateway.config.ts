import { logsAsJson } from '@dblearn/nest-common/logging';
import { LIVE_LIMITS, USER_LIMITS } from '@dblearn/contracts';
import type { LogLevel } from '@nestjs/common';
import { isIP } from 'node:net';

/** Every setting the gateway reads from its environment, parsed and checked once at start. */
export interface GatewayConfig {
  port: number;
  host: string;
  natsUrl: string;
  /** Bounded wait for a service's answer; past it the caller gets 503. */
  natsTimeoutMs: number;
  /** NATS_HASHING_TIMEOUT_MS: the same for sign-up and login, which wait for a password hash (~0.3 s each, a few at once). */
  natsHashingTimeoutMs: number;
  jwt: {
    secret: string;
    /** Seconds, or a duration such as `7d`, `12h`, `30m`. */
    expiresIn: number | JwtDuration;
    /** JWT_MAX_AGE: a token issued longer ago is refused, whatever its `exp` says. */
    maxAge: number | JwtDuration;
  };
  rateLimits: {
    /** Failed POST /auth tries per (client ip, e-mail) per window. */
    login: RateLimit;
    /** Accounts with a failed POST /auth try per client ip per window (password spraying); see LoginPolicy. */
    loginPerAddress: RateLimit;
    /** Failed POST /auth tries per client ip per window, whatever the accounts (the same spraying, on few accounts). */
    loginFailuresPerAddress: RateLimit;
    /** Every POST /auth, successful or not, per (client ip, e-mail) per window. */
    loginRequests: RateLimit;
    /** POST /auth per client ip per window, counting only those the per-account limits let through. */
    loginRequestsPerAddress: RateLimit;
    /** Accounts made (POST /users answered 201) per client ip per window. */
    register: RateLimit;
  };
  /** Issue 17: per signed-in user (defaults: USER_LIMITS in @dblearn/contracts). */
  userLimits: {
    /** ATTEMPT_RATE_LIMIT: POST /project/{id}/attempts per learner per minute. */
    attempts: UserRateLimit;
    /** ATTEMPTS_IN_FLIGHT_LIMIT: graded attempts one learner may have running at once. */
    attemptsInFlight: number;
    /** ATTEMPTS_IN_FLIGHT_PER_ADDRESS_LIMIT: graded attempts running at once from one client address, all its accounts together. */
    attemptsInFlightPerAddress: number;
    /** QNA_WRITE_RATE_LIMIT: questions, replies and edits per user per minute. */
    qnaWrites: UserRateLimit;
    /** SEARCH_RATE_LIMIT: GET /search per user per minute. */
    searches: UserRateLimit;
  };
  /** Issue 22: the Q&A live stream (defaults: LIVE_LIMITS in @dblearn/contracts). */
  live: {
    /** LIVE_CONNECTIONS_PER_USER */
    perUser: number;
    /** LIVE_CONNECTIONS_PER_ADDRESS */
    perAddress: number;
    /** LIVE_CONNECTIONS_TOTAL */
    total: number;
    /** LIVE_HEARTBEAT_MS */
    heartbeatMs: number;
  };
  logLevels: LogLevel[];
  /**
   * TRUST_PROXY: the edge's addresses. Only a request whose peer is one of them has its
   * X-Forwarded-For read, and only the last entry (the one the edge wrote). Empty: never read.
   */
  trustedEdges: string[];
  /** CORS_ORIGINS: the browser origins that may call (DBLearn's own: the shell, remotes run alone). */
  corsOrigins: string[];
  /** JSON lines when NODE_ENV=production or LOG_FORMAT=json; readable lines otherwise. */
  logJson: boolean;
}

export interface RateLimit {
  limit: number;
  ttlMs: number;
}

export interface UserRateLimit {
  limit: number;
  windowMs: number;
}

/** The duration strings jsonwebtoken accepts (through `ms`), e.g. `7d`. */
export type JwtDuration = `${number}${'ms' | 's' | 'm' | 'h' | 'd' | 'w' | 'y'}`;

/** Token the parsed config is provided under. */
export const GATEWAY_CONFIG = Symbol('GATEWAY_CONFIG');

/** Nest's levels, least to most severe: LOG_LEVEL=warn keeps warn, error and fatal. */
const LOG_LEVELS: readonly LogLevel[] = ['verbose', 'debug', 'log', 'warn', 'error', 'fatal'];


/**
 * The shell on its default port, by both local names. The remotes' origins are not repeated here:
 * `npm start` passes CORS_ORIGINS with the shell and every remote of REMOTES (libs/infra
 * `corsOrigins`), docker compose passes PUBLIC_ORIGIN.
 */
const DEFAULT_CORS_ORIGINS = ['http://localhost:8080', 'http://127.0.0.1:8080'];

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads the gateway's settings; throws ConfigError with a sentence naming the variable at fault. */
export function loadGatewayConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  const secret = env.JWT_SECRET?.trim();
  if (!secret) {
    throw new ConfigError('JWT_SECRET is required: set it to a long random string (npm start generates one under DATA_DIR).');
  }
  return {
    port: integer(env, 'GATEWAY_PORT', 3000, 0, 65535),
    host: text(env, 'HOST', '127.0.0.1'),
    natsUrl: text(env, 'NATS_URL', 'nats://127.0.0.1:4222'),
    natsTimeoutMs: integer(env, 'NATS_TIMEOUT_MS', 2000, 1, 60_000),
    natsHashingTimeoutMs: integer(env, 'NATS_HASHING_TIMEOUT_MS', 5000, 1, 60_000),
    jwt: { secret, expiresIn: duration(env, 'JWT_EXPIRES_IN', '7d'), maxAge: duration(env, 'JWT_MAX_AGE', '7d') },
    rateLimits: {
      login: {
        limit: integer(env, 'AUTH_RATE_LIMIT', 10, 1, 1_000_000),
        ttlMs: integer(env, 'AUTH_RATE_TTL_MS', 60_000, 1, 86_400_000),
      },
      loginPerAddress: {
        limit: integer(env, 'AUTH_ADDRESS_RATE_LIMIT', 20, 1, 1_000_000),
        ttlMs: integer(env, 'AUTH_ADDRESS_RATE_TTL_MS', 900_000, 1, 86_400_000),
      },
      loginFailuresPerAddress: {
        limit: integer(env, 'AUTH_ADDRESS_FAILURE_LIMIT', 100, 1, 1_000_000),
        ttlMs: integer(env, 'AUTH_ADDRESS_RATE_TTL_MS', 900_000, 1, 86_400_000),
      },
      loginRequests: {
        limit: integer(env, 'AUTH_REQUEST_RATE_LIMIT', 20, 1, 1_000_000),
        ttlMs: integer(env, 'AUTH_REQUEST_RATE_TTL_MS', 60_000, 1, 86_400_000),
      },
      loginRequestsPerAddress: {
        limit: integer(env, 'AUTH_ADDRESS_REQUEST_RATE_LIMIT', 300, 1, 1_000_000),
        ttlMs: integer(env, 'AUTH_ADDRESS_REQUEST_RATE_TTL_MS', 60_000, 1, 86_400_000),
      },
      register: {
        limit: integer(env, 'REGISTER_RATE_LIMIT', 10, 1, 1_000_000),
        ttlMs: integer(env, 'REGISTER_RATE_TTL_MS', 60_000, 1, 86_400_000),
      },
    },
    userLimits: {
      attempts: { limit: integer(env, 'ATTEMPT_RATE_LIMIT', USER_LIMITS.attempts.limit, 1, 1_000_000), windowMs: USER_LIMITS.attempts.windowMs },
      attemptsInFlight: integer(env, 'ATTEMPTS_IN_FLIGHT_LIMIT', USER_LIMITS.attemptsInFlight, 1, 1_000),
      attemptsInFlightPerAddress: integer(env, 'ATTEMPTS_IN_FLIGHT_PER_ADDRESS_LIMIT', USER_LIMITS.attemptsInFlightPerAddress, 1, 100_000),
      qnaWrites: { limit: integer(env, 'QNA_WRITE_RATE_LIMIT', USER_LIMITS.qnaWrites.limit, 1, 1_000_000), windowMs: USER_LIMITS.qnaWrites.windowMs },
      searches: { limit: integer(env, 'SEARCH_RATE_LIMIT', USER_LIMITS.searches.limit, 1, 1_000_000), windowMs: USER_LIMITS.searches.windowMs },
    },
    live: {
      perUser: integer(env, 'LIVE_CONNECTIONS_PER_USER', LIVE_LIMITS.perUser, 1, 1_000),
      perAddress: integer(env, 'LIVE_CONNECTIONS_PER_ADDRESS', LIVE_LIMITS.perAddress, 1, 1_000_000),
      total: integer(env, 'LIVE_CONNECTIONS_TOTAL', LIVE_LIMITS.total, 1, 1_000_000),
      heartbeatMs: integer(env, 'LIVE_HEARTBEAT_MS', LIVE_LIMITS.heartbeatMs, 50, 300_000),
    },
    logLevels: logLevels(env),
    trustedEdges: trustedEdges(env),
    corsOrigins: list(env, 'CORS_ORIGINS') ?? DEFAULT_CORS_ORIGINS,
    logJson: logsAsJson(env),
  };
}

function text(env: NodeJS.ProcessEnv, name: string, fallback: string): string {
  const value = env[name]?.trim();
  return value ? value : fallback;
}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}; got "${raw}".`);
  }
  return value;
}

function duration(env: NodeJS.ProcessEnv, name: string, fallback: JwtDuration): number | JwtDuration {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  if (/^\d+$/.test(raw)) return Number(raw);
  if (/^\d+(\.\d+)?(ms|s|m|h|d|w|y)$/.test(raw)) return raw as JwtDuration;
  throw new ConfigError(`${name} must be a number of seconds or a duration such as 7d, 12h or 30m; got "${raw}".`);
}

function logLevels(env: NodeJS.ProcessEnv): LogLevel[] {
  const raw = (env.LOG_LEVEL?.trim() || 'log') as LogLevel;
  const index = LOG_LEVELS.indexOf(raw);
  if (index < 0) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}; got "${raw}".`);
  }
  return LOG_LEVELS.slice(index);
}

function list(env: NodeJS.ProcessEnv, name: string): string[] | undefined {
  const raw = env[name]?.trim();
  return raw ? raw.split(',').map((item) => item.trim()).filter(Boolean) : undefined;
}

function trustedEdges(env: NodeJS.ProcessEnv): string[] {
  const raw = env.TRUST_PROXY?.trim();
  if (raw === 'false' || raw === 'none') return [];
  // None by default: the gateway answers WEB_PORT itself, so the socket's peer is the client. A
  // proxy put in front (nginx in production) is named here.
  const edges = list(env, 'TRUST_PROXY') ?? [];
  const wrong = edges.find((edge) => isIP(edge) === 0);
  if (wrong) throw new ConfigError(`TRUST_PROXY must list the edge's IP addresses (or be "false"); "${wrong}" is not one.`);
  return edges;
}
