import { REMOTES_CONFIG_PATH } from '@dblearn/contracts';
import { isRemoteName, type RemoteName } from '@dblearn/federation';
import { runTimeJson } from '../../../lib/run-time-json.js';

/** What /remotes.json says: each deployed remote's manifest URL (a remote may be left out). */
export type RemoteRegistry = Partial<Record<RemoteName, string>>;

function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value, window.location.href);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** Keeps the known remotes with usable addresses; anything else in the file is ignored. */
export function parseRemoteRegistry(body: unknown): RemoteRegistry {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new Error('/remotes.json is not a JSON object of remote names and manifest URLs.');
  }
  const registry: RemoteRegistry = {};
  for (const [name, url] of Object.entries(body)) {
    if (isRemoteName(name) && isHttpUrl(url)) registry[name] = url;
  }
  return registry;
}

/** Fetched once, on the first visit to any area; a failure is forgotten so Retry fetches again. */
export const loadRemoteRegistry = runTimeJson(REMOTES_CONFIG_PATH, parseRemoteRegistry, { cache: 'no-cache' });
