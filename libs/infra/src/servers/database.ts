import { chmod, mkdir, rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import { UserFacingError } from '../errors.js';
import type { ProcessSpec } from '../process/child.js';
import { LOOPBACK } from '../process/ports.js';
import type { MongoServerBinary } from '../tools/ensure.js';
import { ferretDbArgs, ferretDbPaths } from '../tools/ferretdb.js';
import { mongodArgs, mongodDataDir } from '../tools/mongod.js';

/** Where a database server listens: a loopback port, or a Unix socket (FerretDB only). */
export type MongoListen = number | { socket: string };

/** Unix socket paths longer than this do not fit sockaddr_un (108 bytes on Linux, 104 on macOS). */
const MAX_SOCKET_PATH_BYTES = 100;

export function mongoUrlFor(listen: MongoListen): string {
  // The driver takes a socket path as a percent-encoded host.
  return typeof listen === 'number' ? `mongodb://${LOOPBACK}:${listen}` : `mongodb://${encodeURIComponent(listen.socket)}`;
}

/**
 * The launcher's FerretDB socket, inside DATA_DIR (owner-only): FerretDB 1.24 checks no credentials,
 * so only processes of DATA_DIR's owner may reach it (issue 17). Throws when the path is too long.
 */
export function ferretDbSocketPath(dataDir: string): string {
  const path = resolve(dataDir, 'ferretdb.sock');
  if (Buffer.byteLength(path) > MAX_SOCKET_PATH_BYTES) {
    throw new UserFacingError(`DATA_DIR is too long for the database's socket (${path}): choose a DATA_DIR path under ${MAX_SOCKET_PATH_BYTES - 14} characters.`);
  }
  return path;
}

/** Creates the folders the server expects to exist. */
export async function prepareMongoDataDir(server: MongoServerBinary, dataDir: string): Promise<void> {
  const dirs = server.kind === 'mongod' ? [mongodDataDir(dataDir)] : Object.values(ferretDbPaths(dataDir));
  for (const dir of dirs) await mkdir(dir, { recursive: true });
}

/** Before each (re)start and once ready: the socket of a killed server goes, the new one is the owner's alone. */
function socketHooks(socket: string): Pick<ProcessSpec, 'beforeStart' | 'afterReady'> {
  return {
    // FerretDB refuses to start on an existing socket file ("address already in use"); DATA_DIR's
    // lock says no other launcher's server uses it.
    beforeStart: () => rm(socket, { force: true }),
    // FerretDB makes it with the umask's mode; connecting needs write access.
    afterReady: () => chmod(socket, 0o600),
  };
}

export function mongoServerSpec(server: MongoServerBinary, dataDir: string, listen: MongoListen, env: NodeJS.ProcessEnv = process.env): ProcessSpec {
  if (server.kind === 'mongod' && typeof listen !== 'number') throw new Error('mongod is started on a loopback port here, not on a socket.');
  return {
    name: server.kind,
    command: server.path,
    args: server.kind === 'mongod' ? mongodArgs(dataDir, listen as number) : ferretDbArgs(dataDir, listen),
    env,
    ...(typeof listen === 'number' ? {} : socketHooks(listen.socket)),
    ready: typeof listen === 'number' ? { kind: 'tcp', host: LOOPBACK, port: listen } : { kind: 'unix', path: listen.socket },
    readyTimeoutMs: 60_000,
    // The database goes last and gets time to flush: Ctrl-C must not lose written data.
    stopTimeoutMs: 30_000,
  };
}
