import { chmod, lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';

/** What any child may need to run at all (no secrets, no ports, no hosts). */
export const BASE_VARIABLES = [
  'PATH',
  'HOME',
  'TMPDIR',
  'LANG',
  'LC_ALL',
  'TZ',
  'NODE_ENV',
  'NODE_OPTIONS',
  'NODE_EXTRA_CA_CERTS',
  'LOG_LEVEL',
  'LOG_FORMAT',
  'NO_COLOR',
  'FORCE_COLOR',
] as const;

/**
 * A child's environment: the base variables and the ones it owns, taken from ours, then what the
 * launcher decided for it. Nothing else: HOST meant for the shell never binds the gateway, and
 * JWT_SECRET reaches the gateway alone.
 */
export function childEnv(env: NodeJS.ProcessEnv, own: readonly string[], decided: Record<string, string> = {}): NodeJS.ProcessEnv {
  const picked: NodeJS.ProcessEnv = {};
  for (const name of [...BASE_VARIABLES, ...own]) {
    const value = env[name];
    if (value !== undefined) picked[name] = value;
  }
  return { ...picked, ...decided };
}

/**
 * DATA_DIR holds password hashes, the JWT secret and the bus credentials: owner only. New files get
 * that from the umask the launcher sets; this fixes folders made before it did.
 */
export async function restrictToOwner(path: string): Promise<void> {
  const info = await lstat(path);
  if (info.isSymbolicLink()) return;
  if (info.isDirectory()) {
    if ((info.mode & 0o077) !== 0) await chmod(path, 0o700);
    for (const entry of await readdir(path)) await restrictToOwner(join(path, entry));
  } else if ((info.mode & 0o077) !== 0) {
    await chmod(path, info.mode & 0o700);
  }
}
