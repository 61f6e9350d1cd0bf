import { ToolMissingError } from '../errors.js';
import { buildFerretDb, FERRETDB_BUILD, findFerretDb } from './ferretdb.js';
import { findMongod } from './mongod.js';
import { findNatsServer, installNatsServer } from './nats.js';

/** The MongoDB-protocol server we run locally: a real mongod if there is one, else FerretDB. */
export interface MongoServerBinary {
  kind: 'mongod' | 'ferretdb';
  path: string;
}

export async function locateMongoServer(root: string, env: NodeJS.ProcessEnv = process.env): Promise<MongoServerBinary | undefined> {
  const mongod = findMongod(env);
  if (mongod) return { kind: 'mongod', path: mongod };
  const ferretdb = await findFerretDb(root, env);
  return ferretdb ? { kind: 'ferretdb', path: ferretdb } : undefined;
}

/** Finds a server, building FerretDB into .tools/bin when there is none. */
export async function ensureMongoServer(root: string, report: (message: string) => void, env: NodeJS.ProcessEnv = process.env): Promise<MongoServerBinary> {
  const found = await locateMongoServer(root, env);
  if (found) return found;
  return { kind: 'ferretdb', path: await buildFerretDb(root, report, env) };
}

export async function ensureNatsServer(root: string, report: (message: string) => void, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  return (await findNatsServer(root, env)) ?? (await installNatsServer(root, report, env));
}

/** For test helpers, which never install: say what to run instead. */
export async function requireMongoServer(root: string, env: NodeJS.ProcessEnv = process.env): Promise<MongoServerBinary> {
  const found = await locateMongoServer(root, env);
  if (found) return found;
  throw new ToolMissingError(
    `No MongoDB-protocol server to start: no \`mongod\` on PATH, no FerretDB ${FERRETDB_BUILD} in .tools/bin (an older build is not used) and no FerretDB 1.x on PATH.\n` +
      '  Run `npm run tools` (builds FerretDB with Go), or set MONGO_URL to a MongoDB you run.',
  );
}

export async function requireNatsServer(root: string, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const found = await findNatsServer(root, env);
  if (found) return found;
  throw new ToolMissingError(
    'No nats-server 2.10+ to start: none in .tools/bin or on PATH.\n' +
      '  Run `npm run tools` (installs it with Go), or set NATS_URL to a NATS server with JetStream.',
  );
}
