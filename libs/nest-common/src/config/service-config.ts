import { SERVICES, type ServiceName } from '@dblearn/contracts';
import { LOG_LEVELS, type LogLevel } from '@nestjs/common';
import { DEFAULT_EVENTS_RETENTION, type EventsRetention } from '../events/events-stream.js';
import { logsAsJson } from '../logging/service-logger.js';
import type { ReadModelMode } from '../storage/read-model/read-model.js';

/** What every service reads from its environment (BRIEF "Runtime conventions"). */
export interface ServiceConfig {
  service: ServiceName;
  natsUrl: string;
  /** Without a database path: the service's database is `mongoDb`. */
  mongoUrl: string;
  mongoDb: string;
  logLevel: LogLevel;
  /** JSON lines when NODE_ENV=production or LOG_FORMAT=json; readable lines otherwise (`npm start`). */
  logJson: boolean;
  /** READ_MODEL=off: lists query MongoDB (with indexes) instead of the in-memory read models. */
  readModel: ReadModelMode;
  /** EVENTS_MAX_AGE_HOURS, EVENTS_MAX_MB: how long and how much the events stream keeps. */
  eventsRetention: EventsRetention;
}

export const DEFAULT_NATS_URL = 'nats://127.0.0.1:4222';
export const DEFAULT_MONGO_URL = 'mongodb://127.0.0.1:27017';

export type Environment = Record<string, string | undefined>;

/** Thrown for an environment a service cannot start with; the message says which variable and why. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function readServiceConfig(service: ServiceName, env: Environment = process.env): ServiceConfig {
  return {
    service,
    natsUrl: nonEmpty(env.NATS_URL) ?? DEFAULT_NATS_URL,
    mongoUrl: nonEmpty(env.MONGO_URL) ?? DEFAULT_MONGO_URL,
    mongoDb: nonEmpty(env.MONGO_DB) ?? SERVICES[service].database,
    logLevel: readLogLevel(env.LOG_LEVEL),
    logJson: logsAsJson(env),
    readModel: readReadModelMode(env.READ_MODEL),
    eventsRetention: {
      maxAgeMs: readPositiveInteger(env, 'EVENTS_MAX_AGE_HOURS', DEFAULT_EVENTS_RETENTION.maxAgeMs / 3_600_000) * 3_600_000,
      maxBytes: readPositiveInteger(env, 'EVENTS_MAX_MB', DEFAULT_EVENTS_RETENTION.maxBytes / 1_048_576) * 1_048_576,
    },
  };
}

export function readReadModelMode(value: string | undefined): ReadModelMode {
  const mode = nonEmpty(value)?.toLowerCase() ?? 'memory';
  if (mode === 'on') return 'memory';
  if (mode !== 'memory' && mode !== 'off') throw new ConfigError(`READ_MODEL must be memory (or on) or off (got "${value}").`);
  return mode;
}

export function readLogLevel(value: string | undefined): LogLevel {
  const level = nonEmpty(value)?.toLowerCase() ?? 'log';
  if (!(LOG_LEVELS as readonly string[]).includes(level)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got "${value}").`);
  }
  return level as LogLevel;
}

/** A positive whole number from the environment, or the fallback when the variable is unset. */
export function readPositiveInteger(env: Environment, name: string, fallback: number): number {
  const raw = nonEmpty(env[name]);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value <= 0) {
    throw new ConfigError(`${name} must be a positive whole number (got "${raw}").`);
  }
  return value;
}

export function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}
