import { isAbsolute, resolve } from 'node:path';
import { UserFacingError } from '../errors.js';

/** Everything `start` needs from the environment, checked once (CONTRACT "Running it", BRIEF ports). */
export interface LaunchConfig {
  root: string;
  dataDir: string;
  webPort: number;
  gatewayPort: number;
  /** Port for the database we start; `explicit` when DB_PORT was set (then it must be free). */
  dbPort: { port: number; explicit: boolean };
  natsPort: { port: number; explicit: boolean };
  /** Set when MONGO_URL / NATS_URL point at servers someone else runs: we start none. */
  externalMongoUrl?: string;
  externalNatsUrl?: string;
  /** Set when POSTGRES_URL points at a lab server someone else runs (its lab role, deploy/postgres). */
  externalPostgresUrl?: string;
  logLevel: string;
  production: boolean;
  seedDemo: string;
  /** How long to wait for GET /api/health to answer 200 after everything started. */
  readyTimeoutMs: number;
}

export const DEFAULTS = {
  webPort: 8080,
  gatewayPort: 3000,
  dbPort: 27017,
  natsPort: 4222,
  logLevel: 'log',
  readyTimeoutMs: 180_000,
} as const;

export function parsePort(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new UserFacingError(`${name} must be a port number from 1 to 65535, not "${value}".`);
  }
  return port;
}

function parseDuration(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const ms = Number(value);
  if (!Number.isFinite(ms) || ms <= 0) throw new UserFacingError(`${name} must be a positive number of milliseconds, not "${value}".`);
  return ms;
}

/** A server URL without a trailing slash, so services can append `/<database>`. */
export function normaliseServerUrl(name: string, value: string, schemes: readonly string[]): string {
  const trimmed = value.trim().replace(/\/+$/, '');
  if (!schemes.some((scheme) => trimmed.startsWith(`${scheme}://`))) {
    throw new UserFacingError(`${name} must start with ${schemes.map((s) => `${s}://`).join(' or ')}, not "${value}".`);
  }
  return trimmed;
}

export function resolveDataDir(root: string, value: string | undefined): string {
  if (!value || value.trim() === '') return resolve(root, '.data');
  return isAbsolute(value) ? value : resolve(root, value);
}

export function resolveLaunchConfig(env: NodeJS.ProcessEnv, root: string): LaunchConfig {
  const webPort = parsePort('WEB_PORT', env.WEB_PORT, DEFAULTS.webPort);
  const gatewayPort = parsePort('GATEWAY_PORT', env.GATEWAY_PORT, DEFAULTS.gatewayPort);
  if (webPort === gatewayPort) throw new UserFacingError(`WEB_PORT and GATEWAY_PORT are both ${webPort}: they need different ports.`);
  return {
    root,
    dataDir: resolveDataDir(root, env.DATA_DIR),
    webPort,
    gatewayPort,
    dbPort: { port: parsePort('DB_PORT', env.DB_PORT, DEFAULTS.dbPort), explicit: Boolean(env.DB_PORT) },
    natsPort: { port: parsePort('NATS_PORT', env.NATS_PORT, DEFAULTS.natsPort), explicit: Boolean(env.NATS_PORT) },
    ...(env.MONGO_URL ? { externalMongoUrl: normaliseServerUrl('MONGO_URL', env.MONGO_URL, ['mongodb', 'mongodb+srv']) } : {}),
    ...(env.NATS_URL ? { externalNatsUrl: normaliseServerUrl('NATS_URL', env.NATS_URL, ['nats', 'tls']) } : {}),
    ...(env.POSTGRES_URL ? { externalPostgresUrl: normaliseServerUrl('POSTGRES_URL', env.POSTGRES_URL, ['postgres', 'postgresql']) } : {}),
    logLevel: env.LOG_LEVEL?.trim() || DEFAULTS.logLevel,
    production: env.NODE_ENV === 'production',
    seedDemo: env.SEED_DEMO?.trim() || 'true',
    readyTimeoutMs: parseDuration('READY_TIMEOUT_MS', env.READY_TIMEOUT_MS, DEFAULTS.readyTimeoutMs),
  };
}
