import { ConfigError, type Environment, nonEmpty, readServiceConfig, type ServiceConfig } from '@dblearn/nest-common';

export const CONTENT_CONFIG = Symbol('CONTENT_CONFIG');

export interface ContentConfig extends ServiceConfig {
  /** SEED_DEMO (on unless set to 0/false/off): the demo curriculum goes in when the database has no course. */
  seedDemo: boolean;
  /** SQL_WORKERS (default 2): worker threads that run sandboxes, reference queries and attempts. */
  sqlWorkers: number;
}

export function readContentConfig(env: Environment = process.env): ContentConfig {
  return { ...readServiceConfig('content', env), seedDemo: readSwitch(env, 'SEED_DEMO', true), sqlWorkers: readCount(env, 'SQL_WORKERS', 2) };
}

function readCount(env: Environment, name: string, fallback: number): number {
  const raw = nonEmpty(env[name]);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > 16) throw new ConfigError(`${name} must be a whole number from 1 to 16; got "${raw}".`);
  return value;
}

function readSwitch(env: Environment, name: string, fallback: boolean): boolean {
  const raw = nonEmpty(env[name])?.toLowerCase();
  if (raw === undefined) return fallback;
  if (['1', 'true', 'on', 'yes'].includes(raw)) return true;
  if (['0', 'false', 'off', 'no'].includes(raw)) return false;
  throw new ConfigError(`${name} must be on or off (1/0, true/false); got "${env[name]}".`);
}
