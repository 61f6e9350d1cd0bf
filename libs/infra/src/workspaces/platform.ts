import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { SERVICES, type ServiceName } from '@dblearn/contracts';
import { MANIFEST_FILE_NAME, REMOTE_NAMES, REMOTES, remoteFolder, remotePortVariable, type RemoteName } from '@dblearn/federation';

/** What a service gets besides MONGO_URL, NATS_URL and LOG_LEVEL. */
export interface ServiceContext {
  admin: { email: string; password: string };
  seedDemo: string;
}

export interface ServiceEntry {
  name: ServiceName;
  folder: string;
  extraEnv?: (context: ServiceContext) => Record<string, string>;
  /** Variables of ours it reads (besides the base ones and any `SVC_X_*`); no other reaches it. */
  ownVariables?: readonly string[];
}

/** Settings only some services take; which services exist is SERVICES in @dblearn/contracts. */
const SERVICE_SETTINGS: Partial<Record<ServiceName, Pick<ServiceEntry, 'extraEnv' | 'ownVariables'>>> = {
  users: {
    extraEnv: ({ admin }) => ({ ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password }),
    ownVariables: ['PASSWORD_HASH_COST', 'PROFILE_CACHE_TTL_MS', 'MAX_CONCURRENT_HASHES'],
  },
  content: { extraEnv: ({ seedDemo }) => ({ SEED_DEMO: seedDemo }), ownVariables: ['SQL_WORKERS', 'POSTGRES_RUNS_PER_LEARNER'] },
  community: { extraEnv: ({ seedDemo }) => ({ SEED_DEMO: seedDemo }) },
};

/**
 * The domain services, in start order (the order of SERVICES). A service whose folder does not
 * exist yet is skipped, so the launcher runs whatever part of the platform has been built so far.
 */
export const SERVICE_TABLE: readonly ServiceEntry[] = (Object.keys(SERVICES) as ServiceName[]).map((name) => ({
  name,
  // Each service's folder is its queue group's name (svc-users ...).
  folder: SERVICES[name].queue,
  ...SERVICE_SETTINGS[name],
}));

export interface RemoteEntry {
  name: RemoteName;
  folder: string;
  port: number;
  /** Moves the port the launcher serves this remote on (MF_CATALOG_PORT ...). */
  portVariable: string;
  /** The shell server's variable for this remote's manifest URL. */
  urlVariable: string;
}

/** Every remote of @dblearn/federation's REMOTES, whether or not its folder exists yet. */
export const REMOTE_TABLE: readonly RemoteEntry[] = REMOTE_NAMES.map((name) => ({
  name,
  folder: remoteFolder(name),
  port: REMOTES[name].port,
  portVariable: remotePortVariable(name),
  urlVariable: REMOTES[name].manifestUrlVariable,
}));

/** The remotes among these workspace folders (a folder that is not a known remote is left out). */
export function remotesFor(folders: readonly string[]): RemoteEntry[] {
  return REMOTE_TABLE.filter((remote) => folders.includes(remote.folder));
}

/** The manifest URL the shell is told for every remote (the environment wins). */
export function remoteUrls(portOf: (remote: RemoteEntry) => number, env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(REMOTE_TABLE.map((remote) => [remote.urlVariable, env[remote.urlVariable] || `http://localhost:${portOf(remote)}/${MANIFEST_FILE_NAME}`]));
}

/**
 * The browser origins the gateway lets call it (CORS): the shell, and each remote on its own port
 * (where it runs alone, e.g. its dev server), by both local host names. CORS_ORIGINS wins.
 */
export function corsOrigins(webPort: number, env: NodeJS.ProcessEnv): string {
  if (env.CORS_ORIGINS?.trim()) return env.CORS_ORIGINS.trim();
  const ports = [webPort, ...REMOTE_TABLE.map((remote) => Number(env[remote.portVariable]) || remote.port)];
  return ports.flatMap((port) => [`http://localhost:${port}`, `http://127.0.0.1:${port}`]).join(',');
}

/** The gateway's own variables (JWT_SECRET, GATEWAY_PORT and NATS_URL are decided by the launcher). */
export const GATEWAY_VARIABLES = [
  'JWT_EXPIRES_IN',
  'JWT_MAX_AGE',
  'NATS_TIMEOUT_MS',
  'NATS_HASHING_TIMEOUT_MS',
  'AUTH_RATE_LIMIT',
  'AUTH_RATE_TTL_MS',
  'AUTH_ADDRESS_RATE_LIMIT',
  'AUTH_ADDRESS_RATE_TTL_MS',
  'AUTH_ADDRESS_FAILURE_LIMIT',
  'AUTH_REQUEST_RATE_LIMIT',
  'AUTH_REQUEST_RATE_TTL_MS',
  'AUTH_ADDRESS_REQUEST_RATE_LIMIT',
  'AUTH_ADDRESS_REQUEST_RATE_TTL_MS',
  'REGISTER_RATE_LIMIT',
  'REGISTER_RATE_TTL_MS',
  'ATTEMPT_RATE_LIMIT',
  'ATTEMPTS_IN_FLIGHT_LIMIT',
  'ATTEMPTS_IN_FLIGHT_PER_ADDRESS_LIMIT',
  'QNA_WRITE_RATE_LIMIT',
  'SEARCH_RATE_LIMIT',
  'LIVE_CONNECTIONS_PER_USER',
  'LIVE_CONNECTIONS_PER_ADDRESS',
  'LIVE_CONNECTIONS_TOTAL',
  'LIVE_HEARTBEAT_MS',
  'TRUST_PROXY',
  'CORS_ORIGINS',
] as const;

/** The shell server's own variables (WEB_PORT, GATEWAY_URL and REMOTE_*_URL are decided by the launcher). */
export const SHELL_VARIABLES = ['HOST', 'TEAM_CONTACTS', 'SHELL_DIST_DIR', 'CORS_ORIGINS'] as const;

/** `svc-content` → every variable named `SVC_CONTENT_*`: a workspace's own settings, by name. */
export function prefixedVariables(folder: string, env: NodeJS.ProcessEnv): string[] {
  const prefix = `${folder.toUpperCase().replace(/-/g, '_')}_`;
  return Object.keys(env).filter((name) => name.startsWith(prefix));
}

export const GATEWAY_ENTRY = join('gateway', 'dist', 'main.js');
export const SHELL_SERVER_ENTRY = join('shell', 'server', 'dist', 'main.js');

export function serviceEntry(folder: string): string {
  return join(folder, 'dist', 'main.js');
}

export function existingServices(root: string): ServiceEntry[] {
  return SERVICE_TABLE.filter((service) => existsSync(join(root, service.folder, 'package.json')));
}
