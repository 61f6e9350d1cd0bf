import { mkdir } from 'node:fs/promises';
import type { ProcessSpec } from '../process/child.js';
import { LOOPBACK } from '../process/ports.js';
import type { MongoServerBinary } from '../tools/ensure.js';
import { ferretDbArgs, ferretDbPaths } from '../tools/ferretdb.js';
import { mongodArgs, mongodDataDir } from '../tools/mongod.js';

export function mongoUrlFor(port: number): string {
  return `mongodb://${LOOPBACK}:${port}`;
}

/** Creates the folders the server expects to exist. */
export async function prepareMongoDataDir(server: MongoServerBinary, dataDir: string): Promise<void> {
  const dirs = server.kind === 'mongod' ? [mongodDataDir(dataDir)] : Object.values(ferretDbPaths(dataDir));
  for (const dir of dirs) await mkdir(dir, { recursive: true });
}

export function mongoServerSpec(server: MongoServerBinary, dataDir: string, port: number, env: NodeJS.ProcessEnv = process.env): ProcessSpec {
  return {
    name: server.kind,
    command: server.path,
    args: server.kind === 'mongod' ? mongodArgs(dataDir, port) : ferretDbArgs(dataDir, port),
    env,
    ready: { kind: 'tcp', host: LOOPBACK, port },
    readyTimeoutMs: 60_000,
    // The database goes last and gets time to flush: Ctrl-C must not lose written data.
    stopTimeoutMs: 30_000,
  };
}
