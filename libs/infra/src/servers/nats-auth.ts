import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { busPermissionTable, type BusPermissions } from '@dblearn/contracts';

/** One password per NATS user of the permission table, new on every start. */
export type BusCredentials = Readonly<Record<string, string>>;

/** Test servers only: clients that give no credentials become this user, allowed everything. */
export const TEST_ANONYMOUS_BUS_USER = 'test-suite';

export function generateBusCredentials(): BusCredentials {
  return Object.fromEntries(busPermissionTable().map(({ user }) => [user, randomBytes(24).toString('base64url')]));
}

/** `nats://127.0.0.1:4222` + user → `nats://user:password@127.0.0.1:4222`. */
export function natsUrlAs(natsUrl: string, user: string, credentials: BusCredentials): string {
  const password = credentials[user];
  if (password === undefined) throw new Error(`No NATS credentials for "${user}".`);
  return natsUrl.replace(/^([a-z]+:\/\/)/i, `$1${encodeURIComponent(user)}:${encodeURIComponent(password)}@`);
}

function userEntry(entry: BusPermissions, password: string): Record<string, unknown> {
  return {
    user: entry.user,
    password,
    permissions: {
      publish: { allow: entry.publish, ...(entry.denyPublish?.length ? { deny: entry.denyPublish } : {}) },
      subscribe: { allow: entry.subscribe },
      ...(entry.allowResponses ? { allow_responses: true } : {}),
    },
  };
}

export interface NatsAuthOptions {
  credentials: BusCredentials;
  /** Test servers: connections without credentials are let in as an all-powerful test user. */
  anonymousTestUser?: boolean;
}

/** nats-server accepts JSON as its configuration language. */
export function natsAuthConfig({ credentials, anonymousTestUser = false }: NatsAuthOptions): string {
  const users = busPermissionTable().map((entry) => userEntry(entry, credentials[entry.user] ?? ''));
  if (anonymousTestUser) users.push({ user: TEST_ANONYMOUS_BUS_USER, password: randomBytes(24).toString('base64url') });
  return `${JSON.stringify({ authorization: { users }, ...(anonymousTestUser ? { no_auth_user: TEST_ANONYMOUS_BUS_USER } : {}) }, null, 2)}\n`;
}

export function natsAuthConfigPath(dataDir: string): string {
  return join(dataDir, 'nats-auth.conf');
}

/** Writes the config (passwords inside) readable by its owner only, and returns its path. */
export async function writeNatsAuthConfig(dataDir: string, options: NatsAuthOptions): Promise<string> {
  const path = natsAuthConfigPath(dataDir);
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  await writeFile(path, natsAuthConfig(options), { mode: 0o600 });
  return path;
}
