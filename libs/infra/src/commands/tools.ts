import { formatDuration, say } from '../log.js';
import { ensureMongoServer, ensureNatsServer, type MongoServerBinary } from '../tools/ensure.js';
import { FERRETDB_VERSION } from '../tools/ferretdb.js';

export interface InstalledTools {
  mongo?: MongoServerBinary;
  natsServer?: string;
}

/**
 * Finds (or installs into .tools/bin) the servers the platform and the tests run, skipping the ones
 * an external MONGO_URL / NATS_URL replaces.
 */
export async function ensureTools(root: string, env: NodeJS.ProcessEnv = process.env): Promise<InstalledTools> {
  const report = (message: string) => say(message);
  const tools: InstalledTools = {};
  if (env.MONGO_URL) say('database: MONGO_URL is set, using it (nothing to install)');
  else {
    const startedAt = Date.now();
    tools.mongo = await ensureMongoServer(root, report, env);
    const what = tools.mongo.kind === 'mongod' ? 'mongod' : `FerretDB ${FERRETDB_VERSION}`;
    say(`database: ${what} at ${tools.mongo.path} (${formatDuration(Date.now() - startedAt)})`);
  }
  if (env.NATS_URL) say('messaging: NATS_URL is set, using it (nothing to install)');
  else {
    const startedAt = Date.now();
    tools.natsServer = await ensureNatsServer(root, report, env);
    say(`messaging: nats-server at ${tools.natsServer} (${formatDuration(Date.now() - startedAt)})`);
  }
  return tools;
}
