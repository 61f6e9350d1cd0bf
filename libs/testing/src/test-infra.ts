import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  findRepoRoot,
  generateBusCredentials,
  natsUrlAs,
  requireMongoServer,
  requireNatsServer,
  startPrivateMongo,
  startPrivateNats,
  startPrivatePostgres,
  type PrivateServer,
} from '@dblearn/infra';
import { ownTestProcess } from './test-processes.js';

/**
 * How long a spec's PostgresLab waits to connect to the test server (production waits 2 s). Beside a
 * busy CI a backend's fork once took longer, and a slow connect read as "the lab is unavailable".
 */
export const TEST_POSTGRES_CONNECT_TIMEOUT_MS = 20_000;

export interface TestInfra {
  /** `mongodb://127.0.0.1:<port>` with no database path (append your own); '' when not asked for. */
  mongoUrl: string;
  /**
   * `nats://127.0.0.1:<port>`; '' when not asked for. The server enforces the bus permission table
   * (as `npm start` does), but a connection without credentials is let in as an all-powerful test
   * user, so suites that play several parts at once need nothing more.
   */
  natsUrl: string;
  /** The URL with the credentials of one bus user (`gateway`, `svc-users`…), as the launcher hands them. */
  natsUrlAs(user: string): string;
  /** svc-content's POSTGRES_URL for a private PostgreSQL lab server (or POSTGRES_URL); '' when not asked for. */
  postgresUrl: string;
  /** POSTGRES_AUTHOR_URL: the template schemas' owner on that server (or POSTGRES_AUTHOR_URL); '' when none. */
  postgresAuthorUrl: string;
  /** Stops what this call started and removes its files. Safe to call more than once. */
  stop(): Promise<void>;
}

export interface TestInfraOptions {
  /** Start (or use MONGO_URL for) a MongoDB-protocol server. Default true. */
  mongo?: boolean;
  /** Start (or use NATS_URL for) a nats-server with JetStream. Default true. */
  nats?: boolean;
  /** No test user: a connection without credentials is refused, exactly as under `npm start`. */
  strictNats?: boolean;
  /** Start (or use POSTGRES_URL for) a PostgreSQL lab server, provisioned as under `npm start`. Default false. */
  postgres?: boolean;
}

/** The servers are the test file's (test-processes.ts): stopped at its end if the suite does not stop them. */
function track(server: PrivateServer): PrivateServer {
  ownTestProcess(server.handle);
  return server;
}

function withoutTrailingSlash(url: string): string {
  return url.trim().replace(/\/+$/, '');
}

/**
 * Starts a private FerretDB (or mongod) and/or nats-server -js for one test suite, each on a free
 * port with its data in a temporary folder. MONGO_URL / NATS_URL, when set, are used instead.
 * The servers must already be installed (`npm run tools`); this never builds anything.
 */
export async function startTestInfra(options: TestInfraOptions = {}): Promise<TestInfra> {
  const env = process.env;
  const wantMongo = options.mongo ?? true;
  const wantNats = options.nats ?? true;
  const startMongo = wantMongo && !env.MONGO_URL;
  const startNats = wantNats && !env.NATS_URL;
  const startPostgres = (options.postgres ?? false) && !env.POSTGRES_URL;

  const root = findRepoRoot();
  const credentials = generateBusCredentials();
  const dataDir = startMongo || startNats || startPostgres ? await mkdtemp(join(tmpdir(), 'dblearn-test-')) : undefined;
  const started: PrivateServer[] = [];
  let stopped: Promise<void> | undefined;
  const stop = () => {
    stopped ??= (async () => {
      await Promise.all(
        started.map(({ handle }) => handle.stop()),
      );
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    })();
    return stopped;
  };

  try {
    // Both at once: each is ready in tens of milliseconds, and a suite should not wait twice.
    const results = await Promise.allSettled([
      startMongo ? requireMongoServer(root, env).then((server) => startPrivateMongo(server, join(dataDir!, 'mongo'))) : undefined,
      startNats ? requireNatsServer(root, env).then((binary) => startPrivateNats(binary, join(dataDir!, 'nats'), {}, { credentials, anonymousTestUser: !options.strictNats })) : undefined,
      // In the suite's folder, opened from 0700 to 0710 for its group when the server runs as another OS user.
      startPostgres ? startPrivatePostgres(root, dataDir!) : undefined,
    ]);
    const [mongo, nats, postgres] = results.map((result) => (result.status === 'fulfilled' ? result.value : undefined));
    for (const server of [mongo, nats, postgres]) if (server) started.push(track(server));
    const failure = results.find((result) => result.status === 'rejected');
    if (failure) throw failure.reason;
    const natsUrl = !wantNats ? '' : (nats?.url ?? withoutTrailingSlash(env.NATS_URL!));
    return {
      mongoUrl: !wantMongo ? '' : (mongo?.url ?? withoutTrailingSlash(env.MONGO_URL!)),
      natsUrl,
      postgresUrl: !options.postgres ? '' : (postgres?.url ?? withoutTrailingSlash(env.POSTGRES_URL!)),
      postgresAuthorUrl: !options.postgres ? '' : (postgres?.authorUrl ?? env.POSTGRES_AUTHOR_URL ?? ''),
      // A NATS_URL someone else runs comes with its own credentials (or none): use it as it is.
      natsUrlAs: (user) => (nats ? natsUrlAs(natsUrl, user, credentials) : natsUrl),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
