import { ConfigError, type Environment, nonEmpty, readServiceConfig, type ServiceConfig } from '@dblearn/nest-common';

export const COMMUNITY_CONFIG = Symbol('COMMUNITY_CONFIG');

export interface CommunityConfig extends ServiceConfig {
  /** SEED_DEMO: a dozen demo questions with replies when the database is empty (default on, off in production). */
  seedDemo: boolean;
}

export function readCommunityConfig(env: Environment = process.env): CommunityConfig {
  return { ...readServiceConfig('community', env), seedDemo: readSeedDemo(env) };
}

const ON = ['true', '1', 'yes', 'on'];
const OFF = ['false', '0', 'no', 'off'];

function readSeedDemo(env: Environment): boolean {
  const raw = nonEmpty(env.SEED_DEMO)?.toLowerCase();
  if (raw === undefined) return env.NODE_ENV !== 'production';
  if (ON.includes(raw)) return true;
  if (OFF.includes(raw)) return false;
  throw new ConfigError(`SEED_DEMO must be true or false (got "${env.SEED_DEMO}").`);
}
