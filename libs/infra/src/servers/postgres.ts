import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { UserFacingError } from '../errors.js';
import type { ProcessSpec } from '../process/child.js';
import { run, succeeded } from '../process/run.js';
import type { PostgresBinaries, PostgresOsUser } from '../tools/postgres.js';

/** The lab's database and its login role (deploy/postgres/lab-roles.sql). */
export const LAB_DATABASE = 'dblearn_lab';
export const LAB_ROLE = 'dblearn_lab';
/** Owns the template schemas (decision 0042); its own password. */
export const LAB_AUTHOR_ROLE = 'dblearn_lab_author';
/** Runs a learner's SQL on hidden templates; logs in with the lab role's password (svc-content derives its URL). */
export const LAB_HIDDEN_ROLE = 'dblearn_lab_hidden';
const SUPERUSER = 'postgres';
/** The socket's file is named by a port; no TCP port is opened. */
const SOCKET_PORT = 5432;
const SECRETS_FILE = 'postgres.json';
const MAX_SOCKET_PATH_BYTES = 100;

/**
 * The lab's limits as server settings (the same values lab-roles.sql gives the role, for a server
 * started elsewhere). temp_file_limit can only be raised by a superuser; prepared transactions are
 * off; a backend whose client went away (svc-content drops a connection whose run overran) notices
 * within a second even mid-query.
 */
export const LAB_SERVER_SETTINGS: Readonly<Record<string, string>> = {
  statement_timeout: '2s',
  lock_timeout: '1s',
  idle_in_transaction_session_timeout: '10s',
  work_mem: '4MB',
  temp_file_limit: '64MB',
  max_prepared_transactions: '0',
  client_connection_check_interval: '1s',
  max_connections: '40',
  // Every attempt creates a schema and its tables in one transaction: room for a few hundred.
  max_locks_per_transaction: '256',
  shared_buffers: '32MB',
  log_min_messages: 'warning',
};

/**
 * The most address space one PostgreSQL process may map (`ulimit -v`, in KiB), inherited by every
 * backend. A learner can build values in memory whatever work_mem says (string_agg, array_agg, or
 * work_mem raised in a DO block): past this a backend's allocation fails with PostgreSQL's own
 * "out of memory" error, the statement ends and the server stays up, so the lab's connections can
 * never take the machine's memory together. A backend maps about 110 MB at rest.
 */
export const LAB_PROCESS_ADDRESS_SPACE_KB = 512 * 1024;

export interface PostgresSecrets {
  superuserPassword: string;
  labPassword: string;
  authorPassword: string;
}

/** svc-content's URLs: POSTGRES_URL (the lab role) and POSTGRES_AUTHOR_URL (the templates' owner). */
export interface LabUrls {
  url: string;
  authorUrl: string;
}

export function postgresClusterDir(dataDir: string): string {
  return join(dataDir, 'postgres');
}

/** The socket folder is the cluster's own (owner-only); throws when the socket's path would not fit. */
export function postgresSocketDir(dataDir: string): string {
  const dir = resolve(postgresClusterDir(dataDir));
  const socket = join(dir, `.s.PGSQL.${SOCKET_PORT}`);
  if (Buffer.byteLength(socket) > MAX_SOCKET_PATH_BYTES) {
    throw new UserFacingError(`DATA_DIR is too long for PostgreSQL's socket (${socket}): choose a DATA_DIR path under ${MAX_SOCKET_PATH_BYTES - 24} characters.`);
  }
  return dir;
}

/** A URL for the socket (the pg client reads a percent-encoded absolute path as the host). */
export function postgresUrlFor(socketDir: string, user: string, password: string, database: string): string {
  return `postgres://${encodeURIComponent(user)}:${encodeURIComponent(password)}@${encodeURIComponent(socketDir)}:${SOCKET_PORT}/${encodeURIComponent(database)}`;
}

/** The passwords, generated on the first start and kept in DATA_DIR like the other secrets. */
async function resolvePostgresSecrets(dataDir: string): Promise<PostgresSecrets> {
  const path = join(dataDir, SECRETS_FILE);
  const password = () => randomBytes(24).toString('base64url');
  const generated: PostgresSecrets = { superuserPassword: password(), labPassword: password(), authorPassword: password() };
  try {
    await writeFile(path, `${JSON.stringify(generated, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const stored = JSON.parse(await readFile(path, 'utf8')) as Partial<PostgresSecrets>;
  if (!stored.superuserPassword || !stored.labPassword) throw new UserFacingError(`${path} is not as written: delete it together with ${postgresClusterDir(dataDir)} to start the lab afresh.`);
  if (!stored.authorPassword) {
    // A DATA_DIR from before the template schemas (decision 0042): its author password is added.
    stored.authorPassword = password();
    await writeFile(path, `${JSON.stringify(stored, null, 2)}\n`, { mode: 0o600 });
  }
  return { superuserPassword: stored.superuserPassword, labPassword: stored.labPassword, authorPassword: stored.authorPassword };
}

/**
 * Makes the cluster on the first start (initdb, ~1-3 s) and reuses it after. Under root the
 * cluster belongs to the server's OS user, and DATA_DIR goes to that user's group with mode 0710:
 * the server may pass through it to its own folder (it cannot list it), no one else may even do
 * that, and every file in it stays owner-only.
 */
export async function preparePostgresDataDir(binaries: PostgresBinaries, dataDir: string, osUser: PostgresOsUser): Promise<{ secrets: PostgresSecrets; initialised: boolean }> {
  const secrets = await resolvePostgresSecrets(dataDir);
  const cluster = postgresClusterDir(dataDir);
  postgresSocketDir(dataDir);
  if (osUser.separate) {
    await chown(dataDir, (await stat(dataDir)).uid, osUser.gid);
    await chmod(dataDir, 0o710);
  }
  if (existsSync(join(cluster, 'PG_VERSION'))) {
    if (osUser.separate && (await stat(cluster)).uid !== osUser.uid) await chown(cluster, osUser.uid, osUser.gid);
    return { secrets, initialised: false };
  }
  // A half-made cluster (an initdb that was killed) is made again.
  await rm(cluster, { recursive: true, force: true });
  await mkdir(cluster, { mode: 0o700 });
  const passwordFile = join(dataDir, 'postgres-initdb-password');
  await writeFile(passwordFile, `${secrets.superuserPassword}\n`, { mode: 0o600 });
  try {
    if (osUser.separate) {
      await chown(cluster, osUser.uid, osUser.gid);
      await chown(passwordFile, osUser.uid, osUser.gid);
    }
    const result = await run(
      binaries.initdb,
      [`--pgdata=${cluster}`, `--username=${SUPERUSER}`, `--pwfile=${passwordFile}`, '--auth=scram-sha-256', '--encoding=UTF8', '--locale=C.UTF-8', '--no-instructions'],
      { uid: osUser.uid, gid: osUser.gid, timeoutMs: 120_000, env: { PATH: process.env.PATH ?? '', LC_ALL: 'C.UTF-8' } },
    );
    if (!succeeded(result)) {
      await rm(cluster, { recursive: true, force: true });
      throw new UserFacingError(`initdb failed for the PostgreSQL lab (${result.error?.message ?? `exit ${result.code}`}):\n${result.stderr.trim().split('\n').slice(-8).join('\n')}`);
    }
  } finally {
    await rm(passwordFile, { force: true });
  }
  return { secrets, initialised: true };
}

/**
 * Not worth showing (still kept for the report if the server dies): its start-up and checkpoint
 * notes, learners' errors and their statements (expected, and theirs), and the refusals our own
 * provisioning retries get while the server starts.
 */
export function isPostgresChatter(line: string): boolean {
  return /\] (?:LOG|DETAIL|HINT|CONTEXT|STATEMENT|ERROR): {2}/.test(line) || /FATAL: {2}the database system is (?:starting up|not yet accepting connections)/.test(line);
}

export function postgresServerSpec(binaries: PostgresBinaries, dataDir: string, osUser: PostgresOsUser, env: NodeJS.ProcessEnv = process.env): ProcessSpec {
  const socketDir = postgresSocketDir(dataDir);
  const settings = { ...LAB_SERVER_SETTINGS, listen_addresses: '', unix_socket_directories: socketDir, unix_socket_permissions: '0700', port: String(SOCKET_PORT) };
  const serverArgs = ['-D', postgresClusterDir(dataDir), ...Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`])];
  return {
    name: 'postgres',
    // The shell sets the limit and becomes the server (exec keeps the pid the launcher watches).
    command: '/bin/sh',
    args: ['-c', `ulimit -v ${LAB_PROCESS_ADDRESS_SPACE_KB} && exec "$0" "$@"`, binaries.postgres, ...serverArgs],
    env,
    uid: osUser.uid,
    gid: osUser.gid,
    ready: { kind: 'unix', path: join(socketDir, `.s.PGSQL.${SOCKET_PORT}`) },
    readyTimeoutMs: 60_000,
    // SIGINT is PostgreSQL's "fast" shutdown (SIGTERM waits for every client to leave); it
    // checkpoints first, so nothing written is lost.
    stopSignal: 'SIGINT',
    stopTimeoutMs: 30_000,
    isChatter: isPostgresChatter,
  };
}

/**
 * Brings the lab's roles, database and revocations up to date (deploy/postgres/*.sql, the files
 * the compose image runs too) and sets the lab role's password. Idempotent: run after every
 * (re)start. Resolves to svc-content's POSTGRES_URL and POSTGRES_AUTHOR_URL.
 */
export async function provisionLab(root: string, socketDir: string, secrets: PostgresSecrets): Promise<LabUrls> {
  const sql = (name: string) => readFile(join(root, 'deploy', 'postgres', name), 'utf8');
  await withClient(postgresUrlFor(socketDir, SUPERUSER, secrets.superuserPassword, 'postgres'), async (client) => {
    await client.query(await sql('lab-roles.sql'));
    await client.query(`ALTER ROLE ${LAB_ROLE} PASSWORD ${client.escapeLiteral(secrets.labPassword)}`);
    await client.query(`ALTER ROLE ${LAB_HIDDEN_ROLE} PASSWORD ${client.escapeLiteral(secrets.labPassword)}`);
    await client.query(`ALTER ROLE ${LAB_AUTHOR_ROLE} PASSWORD ${client.escapeLiteral(secrets.authorPassword)}`);
    const exists = await client.query('SELECT 1 FROM pg_catalog.pg_database WHERE datname = $1', [LAB_DATABASE]);
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE ${LAB_DATABASE}`);
  });
  await withClient(postgresUrlFor(socketDir, SUPERUSER, secrets.superuserPassword, LAB_DATABASE), async (client) => {
    await client.query(await sql('lab-database.sql'));
  });
  return {
    url: postgresUrlFor(socketDir, LAB_ROLE, secrets.labPassword, LAB_DATABASE),
    authorUrl: postgresUrlFor(socketDir, LAB_AUTHOR_ROLE, secrets.authorPassword, LAB_DATABASE),
  };
}

/** PostgreSQL opens its socket before it accepts sessions ("the database system is starting up", 57P03). */
const STARTING_UP = '57P03';
const STARTUP_WAIT_MS = 60_000;

async function connectWhenReady(url: string): Promise<pg.Client> {
  const deadline = Date.now() + STARTUP_WAIT_MS;
  for (;;) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 30_000 });
    try {
      await client.connect();
      return client;
    } catch (error) {
      await client.end().catch(() => undefined);
      if ((error as { code?: string }).code !== STARTING_UP || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

async function withClient(url: string, use: (client: pg.Client) => Promise<void>): Promise<void> {
  const client = await connectWhenReady(url);
  try {
    await use(client);
  } finally {
    await client.end();
  }
}
