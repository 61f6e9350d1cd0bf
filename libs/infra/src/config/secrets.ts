import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { UserFacingError } from '../errors.js';

export const JWT_SECRET_FILE = 'jwt-secret';
export const ADMIN_FILE = 'admin.json';
export const DEFAULT_ADMIN_EMAIL = 'admin@dblearn.local';
/** Below this a HMAC secret is guessable; we say so but let a developer do what they asked. */
const MIN_SECRET_LENGTH = 32;

export type Origin = 'environment' | 'created' | 'file';

export interface JwtSecret {
  secret: string;
  origin: Origin;
  warning?: string;
}

export interface AdminAccount {
  email: string;
  password: string;
  origin: Origin;
  /** Where a generated account is kept (always set for created/file). */
  path?: string;
}

async function readIfExists(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Writes a file only readable by its owner; `wx` so two launchers never both invent one. */
async function writePrivateFile(path: string, content: string): Promise<boolean> {
  await mkdir(dirname(path), { recursive: true });
  try {
    await writeFile(path, content, { mode: 0o600, flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/**
 * JWT_SECRET wins. In production it is required (a secret on local disk is not a production secret).
 * Otherwise one is generated on the first start and kept in DATA_DIR, so tokens survive a restart.
 */
export async function resolveJwtSecret(env: NodeJS.ProcessEnv, dataDir: string): Promise<JwtSecret> {
  const fromEnv = env.JWT_SECRET;
  if (fromEnv) {
    return {
      secret: fromEnv,
      origin: 'environment',
      ...(fromEnv.length < MIN_SECRET_LENGTH ? { warning: `JWT_SECRET is shorter than ${MIN_SECRET_LENGTH} characters; use a long random value.` } : {}),
    };
  }
  if (env.NODE_ENV === 'production') {
    throw new UserFacingError('JWT_SECRET is required when NODE_ENV=production: set it to a long random value (e.g. `openssl rand -base64 48`).');
  }
  const path = join(dataDir, JWT_SECRET_FILE);
  const created = await writePrivateFile(path, `${randomBytes(48).toString('base64url')}\n`);
  const secret = (await readFile(path, 'utf8')).trim();
  if (!secret) throw new UserFacingError(`${path} is empty: delete it and start again to generate a new secret.`);
  return { secret, origin: created ? 'created' : 'file' };
}

function parseAdminFile(path: string, content: string): { email: string; password: string } {
  try {
    const parsed = JSON.parse(content) as { email?: unknown; password?: unknown };
    if (typeof parsed.email === 'string' && typeof parsed.password === 'string' && parsed.email && parsed.password) {
      return { email: parsed.email, password: parsed.password };
    }
  } catch {
    // Reported below with what to do.
  }
  throw new UserFacingError(`${path} is not {"email": "...", "password": "..."}: fix it, or delete it to generate a new admin.`);
}

/**
 * ADMIN_EMAIL + ADMIN_PASSWORD win (both or neither). Otherwise an admin is generated on the first
 * start and kept in DATA_DIR/admin.json, so svc-users finds the same account on every start.
 */
export async function resolveAdminAccount(env: NodeJS.ProcessEnv, dataDir: string): Promise<AdminAccount> {
  const { ADMIN_EMAIL: email, ADMIN_PASSWORD: password } = env;
  if (email || password) {
    if (!email || !password) throw new UserFacingError('Set both ADMIN_EMAIL and ADMIN_PASSWORD, or neither (then an admin is generated).');
    return { email, password, origin: 'environment' };
  }
  const path = join(dataDir, ADMIN_FILE);
  const generated = { email: DEFAULT_ADMIN_EMAIL, password: randomBytes(18).toString('base64url') };
  const created = await writePrivateFile(path, `${JSON.stringify(generated, null, 2)}\n`);
  const stored = parseAdminFile(path, (await readIfExists(path)) ?? '');
  return { ...stored, origin: created ? 'created' : 'file', path };
}
