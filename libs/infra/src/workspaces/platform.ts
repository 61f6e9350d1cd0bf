import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** What a service gets besides MONGO_URL, NATS_URL and LOG_LEVEL. */
export interface ServiceContext {
  admin: { email: string; password: string };
  seedDemo: string;
}

export interface ServiceEntry {
  folder: string;
  extraEnv?: (context: ServiceContext) => Record<string, string>;
  /** Variables of ours it reads (besides the base ones and any `SVC_X_*`); no other reaches it. */
  ownVariables?: readonly string[];
}

/**
 * The domain services, in start order. A service whose folder does not exist yet is skipped, so the
 * launcher runs whatever part of the platform has been built so far.
 */
export const SERVICE_TABLE: readonly ServiceEntry[] = [
  {
    folder: 'svc-users',
    extraEnv: ({ admin }) => ({ ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password }),
    ownVariables: ['PASSWORD_HASH_COST', 'PROFILE_CACHE_TTL_MS', 'MAX_CONCURRENT_HASHES'],
  },
  { folder: 'svc-content', extraEnv: ({ seedDemo }) => ({ SEED_DEMO: seedDemo }) },
  { folder: 'svc-community' },
];

export interface RemoteEntry {
  folder: string;
  port: number;
  /** The shell server's variable for this remote's manifest URL. */
  urlVariable: string;
}

/** The micro-frontends DESIGN names, on their fixed default ports. */
const KNOWN_REMOTES: readonly RemoteEntry[] = [
  { folder: 'mf-catalog', port: 8081, urlVariable: 'REMOTE_CATALOG_URL' },
  { folder: 'mf-interview', port: 8082, urlVariable: 'REMOTE_INTERVIEW_URL' },
  { folder: 'mf-qna', port: 8083, urlVariable: 'REMOTE_QNA_URL' },
  { folder: 'mf-dashboard', port: 8084, urlVariable: 'REMOTE_DASHBOARD_URL' },
];
const FIRST_EXTRA_REMOTE_PORT = 8085;

/** `mf-catalog` → `MF_CATALOG_PORT`: overrides the port the launcher serves that remote on. */
export function remotePortVariable(folder: string): string {
  return `${folder.toUpperCase().replace(/-/g, '_')}_PORT`;
}

/**
 * Every remote folder that exists, with its port and URL variable. A remote that DESIGN does not
 * name yet gets the next port from 8085 and REMOTE_<NAME>_URL, so adding one needs no change here.
 */
export function remotesFor(folders: readonly string[]): RemoteEntry[] {
  let nextPort = FIRST_EXTRA_REMOTE_PORT;
  return folders
    .filter((folder) => folder.startsWith('mf-'))
    .map((folder) => {
      const known = KNOWN_REMOTES.find((remote) => remote.folder === folder);
      if (known) return known;
      const name = folder.slice('mf-'.length).toUpperCase().replace(/-/g, '_');
      return { folder, port: nextPort++, urlVariable: `REMOTE_${name}_URL` };
    });
}

/** The manifest URL the shell is told for each known remote (the environment wins). */
export function remoteUrls(remotes: readonly RemoteEntry[], portOf: (remote: RemoteEntry) => number, env: NodeJS.ProcessEnv): Record<string, string> {
  const all = [...KNOWN_REMOTES, ...remotes.filter((remote) => !KNOWN_REMOTES.some((known) => known.folder === remote.folder))];
  return Object.fromEntries(all.map((remote) => [remote.urlVariable, env[remote.urlVariable] || `http://localhost:${portOf(remote)}/mf-manifest.json`]));
}

/** The gateway's own variables (JWT_SECRET, GATEWAY_PORT and NATS_URL are decided by the launcher). */
export const GATEWAY_VARIABLES = [
  'JWT_EXPIRES_IN',
  'JWT_MAX_AGE',
  'NATS_TIMEOUT_MS',
  'AUTH_RATE_LIMIT',
  'AUTH_RATE_TTL_MS',
  'LOGIN_FAILURES_PER_ADDRESS',
  'REGISTER_RATE_LIMIT',
  'REGISTER_RATE_TTL_MS',
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
