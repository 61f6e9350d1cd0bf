import { fileURLToPath } from 'node:url';
import { ConfigError, type Environment, nonEmpty, readServiceConfig, type ServiceConfig } from '@dblearn/nest-common';

export const CONTENT_CONFIG = Symbol('CONTENT_CONFIG');

export interface ContentConfig extends ServiceConfig {
  /** SEED_DEMO (on unless set to 0/false/off): every start brings the database up to date with the content folder (ContentSync). */
  seedDemo: boolean;
  /** CONTENT_DIR (default: the repository's content/): the shipped curriculum's folder (README "Content authors"). */
  contentDir: string;
  /**
   * SQL_WORKERS (default 4, more than this machine's 2 cores on purpose): worker threads that run
   * sandboxes, reference queries and attempts. A job costs a worker a thread hand-over each way, so
   * on a busy box attempts/s follow the jobs in flight rather than the CPU; and a runaway holds its
   * worker for the whole 2 s limit. 2 → 4 took attempts beside a runaway from 63 % to 96 % of alone.
   */
  sqlWorkers: number;
  /**
   * SQL_HEAVY_CPU_MS (default 15): CPU a learner's job may spend in the pool before it moves to the
   * heavy-query process (lowest priority). Raised only where a test checks answers, not scheduling.
   */
  sqlHeavyCpuMs?: number;
  /** ITEM_CACHE_MB (default 64): memory for the item reads kept as ready answers (svc-content's ItemCache). */
  itemCacheBytes: number;
  /** POSTGRES_URL: the PostgreSQL lab's server, as its lab role (the launcher passes it); unset, PostgreSQL runs answer 503. */
  postgresUrl?: string;
  /** POSTGRES_AUTHOR_URL: the same server as dblearn_lab_author, which owns the template schemas read-only attempts run on (decision 0042); unset, every attempt loads its sandbox. */
  postgresAuthorUrl?: string;
  /** POSTGRES_RUNS_PER_LEARNER (default 2, 1–16): PostgreSQL runs and graded attempts a learner may have in flight at once (a bench raises it). */
  postgresRunsPerLearner: number;
  /** POSTGRES_QUARANTINE (default on): a lab backend running long is moved to the lowest CPU weight (decision 0048). */
  postgresQuarantine: boolean;
}

/** PostgreSQL runs and graded attempts a learner may have in flight at once, by default; one more is refused, not queued. */
export const POSTGRES_RUNS_PER_LEARNER = 2;

export function readContentConfig(env: Environment = process.env): ContentConfig {
  return {
    ...readServiceConfig('content', env),
    seedDemo: readSwitch(env, 'SEED_DEMO', true),
    contentDir: nonEmpty(env.CONTENT_DIR) ?? SHIPPED_CONTENT_DIR,
    sqlWorkers: readCount(env, 'SQL_WORKERS', 4),
    ...(nonEmpty(env.SQL_HEAVY_CPU_MS) ? { sqlHeavyCpuMs: readHeavyCpuMs(env) } : {}),
    itemCacheBytes: readMegabytes(env, 'ITEM_CACHE_MB', 64),
    ...(nonEmpty(env.POSTGRES_URL) ? { postgresUrl: nonEmpty(env.POSTGRES_URL) } : {}),
    ...(nonEmpty(env.POSTGRES_AUTHOR_URL) ? { postgresAuthorUrl: nonEmpty(env.POSTGRES_AUTHOR_URL) } : {}),
    postgresRunsPerLearner: readCount(env, 'POSTGRES_RUNS_PER_LEARNER', POSTGRES_RUNS_PER_LEARNER),
    postgresQuarantine: readSwitch(env, 'POSTGRES_QUARANTINE', true),
  };
}

/** content/ at the repository's root, from src/config or dist/config alike. */
export const SHIPPED_CONTENT_DIR = fileURLToPath(new URL('../../../content', import.meta.url));

function readCount(env: Environment, name: string, fallback: number): number {
  const raw = nonEmpty(env[name]);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > 16) throw new ConfigError(`${name} must be a whole number from 1 to 16; got "${raw}".`);
  return value;
}

function readHeavyCpuMs(env: Environment): number {
  const raw = nonEmpty(env.SQL_HEAVY_CPU_MS) as string;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > 2000) throw new ConfigError(`SQL_HEAVY_CPU_MS must be a whole number of milliseconds from 1 to 2000; got "${raw}".`);
  return value;
}

function readMegabytes(env: Environment, name: string, fallback: number): number {
  const raw = nonEmpty(env[name]);
  if (raw === undefined) return fallback * 1024 * 1024;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > 4096) throw new ConfigError(`${name} must be a whole number of megabytes from 1 to 4096; got "${raw}".`);
  return value * 1024 * 1024;
}

function readSwitch(env: Environment, name: string, fallback: boolean): boolean {
  const raw = nonEmpty(env[name])?.toLowerCase();
  if (raw === undefined) return fallback;
  if (['1', 'true', 'on', 'yes'].includes(raw)) return true;
  if (['0', 'false', 'off', 'no'].includes(raw)) return false;
  throw new ConfigError(`${name} must be on or off (1/0, true/false); got "${env[name]}".`);
}
