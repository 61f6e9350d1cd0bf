// @dblearn/infra: the pieces the launcher is made of, for the test helpers and scripts that need them.
export { findRepoRoot, toolsBinDir, toolsDir } from './paths.js';
export { ToolMissingError, UserFacingError } from './errors.js';
export { freePort, isPortFree, LOOPBACK } from './process/ports.js';
export { probeHttp, probeTcp, probeUnixSocket, waitUntilReady, type Readiness } from './process/readiness.js';
export {
  ChildProcessHandle,
  describeExit,
  ProcessStartError,
  spawnProcess,
  startProcess,
  type ChildOptions,
  type ExitInfo,
  type Liveness,
  type ProcessSpec,
} from './process/child.js';
export { runWithDeadline, type BoundedRunOptions, type BoundedRunResult } from './process/run.js';
export { isRunning, killTree } from './process/process-tree.js';
export { Supervisor, DEFAULT_RESTART_POLICY, type SupervisorOptions, type RestartPolicy } from './process/supervisor.js';
export { ensureMongoServer, ensureNatsServer, locateMongoServer, requireMongoServer, requireNatsServer, type MongoServerBinary } from './tools/ensure.js';
export { FERRETDB_VERSION } from './tools/ferretdb.js';
export { NATS_SERVER_VERSION } from './tools/nats.js';
export { buildProject, typescriptCompiler } from './tools/typescript.js';
export { ferretDbSocketPath, type MongoListen, mongoServerSpec, mongoUrlFor, prepareMongoDataDir } from './servers/database.js';
export { natsServerSpec, natsUrlFor, prepareNatsDataDir } from './servers/messaging.js';
export { startPrivateMongo, startPrivateNats, startPrivatePostgres, type PrivateServer } from './servers/private.js';
export { LAB_DATABASE, LAB_ROLE, LAB_SERVER_SETTINGS, postgresUrlFor } from './servers/postgres.js';
export { locatePostgresBinaries, resolvePostgresOsUser, type PostgresBinaries, type PostgresOsUser } from './tools/postgres.js';
export {
  generateBusCredentials,
  natsAuthConfig,
  natsUrlAs,
  TEST_ANONYMOUS_BUS_USER,
  writeNatsAuthConfig,
  type BusCredentials,
  type NatsAuthOptions,
} from './servers/nats-auth.js';
export { createStaticServer } from './servers/static-server.js';
export { corsOrigins, REMOTE_TABLE, type RemoteEntry } from './workspaces/platform.js';
