import { ConfigError, type Environment, nonEmpty, readServiceConfig, type ServiceConfig } from '@dblearn/nest-common';

export const CONTENT_CONFIG = Symbol('CONTENT_CONFIG');

export interface ContentConfig extends ServiceConfig {
  /** SEED_DEMO (on unless set to 0/false/off): the demo curriculum goes in when the database has no course. */
  seedDemo: boolean;
}

export function readContentConfig(env: Environment = process.env): ContentConfig {
  return { ...readServiceConfig('content', env), seedDemo: readSwitch(env, 'SEED_DEMO', true) };
}

function readSwitch(env: Environment, name: string, fallback: boolean): boolean {
  const raw = nonEmpty(env[name])?.toLowerCase();
  if (raw === undefined) return fallback;
  if (['1', 'true', 'on', 'yes'].includes(raw)) return true;
  if (['0', 'false', 'off', 'no'].includes(raw)) return false;
  throw new ConfigError(`${name} must be on or off (1/0, true/false); got "${env[name]}".`);
}
