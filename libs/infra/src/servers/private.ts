import { mkdir } from 'node:fs/promises';
import { startProcess, ProcessStartError, type ChildOptions, type ChildProcessHandle, type ProcessSpec } from '../process/child.js';
import { freePort } from '../process/ports.js';
import type { MongoServerBinary } from '../tools/ensure.js';
import { mongoServerSpec, mongoUrlFor, prepareMongoDataDir } from './database.js';
import { natsServerSpec, natsUrlFor, prepareNatsDataDir } from './messaging.js';
import { type NatsAuthOptions, writeNatsAuthConfig } from './nats-auth.js';
import { locatePostgresBinaries, resolvePostgresOsUser } from '../tools/postgres.js';
import { postgresServerSpec, postgresSocketDir, preparePostgresDataDir, provisionLab } from './postgres.js';

/** A server started for one caller alone (a test suite, a one-off task), on a free port. */
export interface PrivateServer {
  url: string;
  handle: ChildProcessHandle;
  /** PostgreSQL's only: the template schemas' owner (POSTGRES_AUTHOR_URL, decision 0042). */
  authorUrl?: string;
}

const PORT_ATTEMPTS = 3;

/**
 * Picks a free port and starts the server on it. Between picking and binding another process may
 * take the port (suites start in parallel), so a server that dies before it is ready gets a second
 * port, and a third.
 */
async function startOnFreePort(makeSpec: (port: number) => ProcessSpec, options: ChildOptions): Promise<{ handle: ChildProcessHandle; port: number }> {
  let lastError: unknown;
  for (let attempt = 0; attempt < PORT_ATTEMPTS; attempt += 1) {
    const port = await freePort();
    try {
      return { handle: await startProcess(makeSpec(port), options), port };
    } catch (error) {
      if (!(error instanceof ProcessStartError)) throw error;
      lastError = error;
    }
  }
  throw lastError;
}

export async function startPrivateMongo(server: MongoServerBinary, dataDir: string, options: ChildOptions = {}): Promise<PrivateServer> {
  await prepareMongoDataDir(server, dataDir);
  const { handle, port } = await startOnFreePort((p) => mongoServerSpec(server, dataDir, p), options);
  return { url: mongoUrlFor(port), handle };
}

/** With `auth`, the server enforces the bus permission table (see nats-auth.ts). */
export async function startPrivateNats(binary: string, dataDir: string, options: ChildOptions = {}, auth?: NatsAuthOptions): Promise<PrivateServer> {
  await prepareNatsDataDir(dataDir);
  const configPath = auth ? await writeNatsAuthConfig(dataDir, auth) : undefined;
  const { handle, port } = await startOnFreePort((p) => natsServerSpec(binary, dataDir, p, process.env, configPath), options);
  return { url: natsUrlFor(port), handle };
}

/**
 * A PostgreSQL lab server of its own (socket only, in `dataDir`), provisioned as under `npm start`;
 * `url` is svc-content's POSTGRES_URL (the lab role). Under root `dataDir`'s parent must be
 * passable by the server's OS user; `dataDir` itself is opened to its group (0710).
 */
export async function startPrivatePostgres(root: string, dataDir: string, options: ChildOptions = {}): Promise<PrivateServer> {
  const binaries = await locatePostgresBinaries();
  const osUser = await resolvePostgresOsUser();
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const { secrets } = await preparePostgresDataDir(binaries, dataDir, osUser);
  const handle = await startProcess(postgresServerSpec(binaries, dataDir, osUser), options);
  try {
    return { ...(await provisionLab(root, postgresSocketDir(dataDir), secrets)), handle };
  } catch (error) {
    await handle.stop();
    throw error;
  }
}
