import { fileURLToPath } from 'node:url';
import type { TeamContact } from '@dblearn/contracts';
import { defaultManifestUrl, REMOTE_NAMES, REMOTES, type RemoteManifestUrls } from '@dblearn/federation';
import { ConfigError } from './config-error.js';
import { DEFAULT_TEAM_CONTACTS, parseTeamContacts } from './team-contacts.js';

export interface ShellServerConfig {
  host: string;
  port: number;
  /** The built shell (shell/dist). */
  distDir: string;
  /** Where /api goes, path kept: http://127.0.0.1:3000 → http://127.0.0.1:3000/api/... */
  gatewayUrl: string;
  remotes: RemoteManifestUrls;
  teamContacts: TeamContact[];
}

type Env = Record<string, string | undefined>;

function setting(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

function httpUrl(env: Env, name: string, fallback: string): string {
  const value = setting(env, name) ?? fallback;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`${name} must be an absolute http(s) URL; got "${value}".`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(`${name} must be an http(s) URL; got "${value}".`);
  }
  return url.href;
}

function port(env: Env, name: string, fallback: number): number {
  const value = setting(env, name);
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0 || parsed > 65535) {
    throw new ConfigError(`${name} must be a port number (0-65535); got "${value}".`);
  }
  return parsed;
}

/** Reads the environment once at start; a wrong value stops the server with a sentence naming it. */
export function loadConfig(env: Env = process.env): ShellServerConfig {
  const remotes = Object.fromEntries(
    REMOTE_NAMES.map((name) => [name, httpUrl(env, REMOTES[name].manifestUrlVariable, defaultManifestUrl(name))]),
  ) as RemoteManifestUrls;
  const contacts = setting(env, 'TEAM_CONTACTS');
  return {
    // Local runs stay private to this machine; a container sets HOST=0.0.0.0.
    host: setting(env, 'HOST') ?? '127.0.0.1',
    port: port(env, 'WEB_PORT', 8080),
    distDir: setting(env, 'SHELL_DIST_DIR') ?? fileURLToPath(new URL('../../dist', import.meta.url)),
    gatewayUrl: httpUrl(env, 'GATEWAY_URL', 'http://127.0.0.1:3000'),
    remotes,
    teamContacts: contacts === undefined ? DEFAULT_TEAM_CONTACTS : parseTeamContacts(contacts),
  };
}
