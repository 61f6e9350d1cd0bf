import { RegisterUserDto } from '@dblearn/contracts/dto';
import {
  ConfigError,
  type Environment,
  nonEmpty,
  readPositiveInteger,
  readServiceConfig,
  type ServiceConfig,
} from '@dblearn/nest-common';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { MAX_COST } from '../common/password-hash.js';

export const USERS_CONFIG = Symbol('USERS_CONFIG');

/**
 * scrypt's N. With r = 8 and p = 3 (password-hash.ts), 2^15 is one of OWASP's equivalent minimums
 * (2^17/8/1, 2^16/8/2, 2^15/8/3…): 32 MiB and, measured here, about 0.2–0.4 s per hash.
 */
export const DEFAULT_PASSWORD_HASH_COST = 2 ** 15;

/** Hashes at once: one per core of this machine; four times as many may wait (one per client, see HashGate), the rest get 503. */
export const DEFAULT_MAX_CONCURRENT_HASHES = 2;

export interface AdminCredentials {
  email: string;
  password: string;
}

/** How long svc-users may answer GET /users/me from memory (other instances' writes are announced). */
export const DEFAULT_PROFILE_CACHE_TTL_MS = 30_000;

export interface UsersConfig extends ServiceConfig {
  passwordHashCost: number;
  /** MAX_CONCURRENT_HASHES: scrypt runs beyond it are refused (503), never queued for seconds. */
  maxConcurrentHashes: number;
  /** PROFILE_CACHE_TTL_MS; 0 reads every profile from the database. */
  profileCacheTtlMs: number;
  /** From ADMIN_EMAIL + ADMIN_PASSWORD: that account is created or promoted at start. */
  admin: AdminCredentials | null;
}

export function readUsersConfig(env: Environment = process.env): UsersConfig {
  return {
    ...readServiceConfig('users', env),
    passwordHashCost: readPasswordHashCost(env),
    maxConcurrentHashes: readPositiveInteger(env, 'MAX_CONCURRENT_HASHES', DEFAULT_MAX_CONCURRENT_HASHES),
    profileCacheTtlMs: readProfileCacheTtl(env),
    admin: readAdminCredentials(env),
  };
}

function readPasswordHashCost(env: Environment): number {
  const cost = readPositiveInteger(env, 'PASSWORD_HASH_COST', DEFAULT_PASSWORD_HASH_COST);
  // scrypt accepts only powers of two above 1.
  if (cost < 2 || (cost & (cost - 1)) !== 0 || cost > MAX_COST) {
    throw new ConfigError(`PASSWORD_HASH_COST must be a power of two from 2 to ${MAX_COST} (got ${cost}).`);
  }
  return cost;
}

function readProfileCacheTtl(env: Environment): number {
  const raw = nonEmpty(env.PROFILE_CACHE_TTL_MS);
  if (raw === '0') return 0;
  return readPositiveInteger(env, 'PROFILE_CACHE_TTL_MS', DEFAULT_PROFILE_CACHE_TTL_MS);
}

function readAdminCredentials(env: Environment): AdminCredentials | null {
  const email = nonEmpty(env.ADMIN_EMAIL);
  const password = env.ADMIN_PASSWORD ?? '';
  if (!email && !password) return null;
  if (!email || !password) {
    throw new ConfigError('Set both ADMIN_EMAIL and ADMIN_PASSWORD to create an admin at start, or neither.');
  }
  // The admin obeys the same rules as anyone who registers.
  const errors = validateSync(plainToInstance(RegisterUserDto, { email, password, skill: 'professional' }));
  if (errors.length > 0) {
    const sentences = errors.flatMap((error) => Object.values(error.constraints ?? {}));
    throw new ConfigError(`ADMIN_EMAIL / ADMIN_PASSWORD: ${sentences.join(' ')}`);
  }
  return { email, password };
}
