import { REMOTES, remoteAppId, type RemoteName } from '@dblearn/federation';
import { getInstance } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import { loadRemoteRegistry } from './remote-registry.js';

/** A remote's `./App` (see @dblearn/federation "exposed module convention"). */
export type RemoteApp = ComponentType;

/** Loads the `./App` of one remote; the shell passes this down so tests can pass their own. */
export type RemoteAppLoader = (name: RemoteName) => Promise<RemoteApp>;

/** A failure the shell itself can explain in a sentence (shown in the area's panel). */
export class RemoteAreaError extends Error {
  override name = 'RemoteAreaError';
}

function isComponent(value: unknown): value is RemoteApp {
  // Function components, and memo/forwardRef objects that React tags with $$typeof.
  return typeof value === 'function' || (typeof value === 'object' && value !== null && '$$typeof' in value);
}

const loaded = new Map<RemoteName, Promise<RemoteApp>>();
const failedBefore = new Set<RemoteName>();

/**
 * Registers the remote from /remotes.json at run time (never at build time: an offline remote then
 * breaks only its own area) and loads `<name>/App`. A success is kept for the page's life; after a
 * failure the next call registers the remote again with `force`, which drops the runtime's cached
 * manifest and entry so Retry really tries again.
 */
export const loadRemoteApp: RemoteAppLoader = (name) => {
  const cached = loaded.get(name);
  if (cached) return cached;
  const attempt = (async () => {
    const registry = await loadRemoteRegistry();
    const entry = registry[name];
    if (!entry) throw new RemoteAreaError(`No address is configured for ${REMOTES[name].title}.`);
    const federation = getInstance();
    if (!federation) throw new RemoteAreaError('The Module Federation runtime is not running on this page.');
    federation.registerRemotes([{ name, entry }], { force: failedBefore.has(name) });
    const module = await federation.loadRemote<{ default?: unknown }>(remoteAppId(name));
    if (!module || !isComponent(module.default)) {
      throw new RemoteAreaError(`${REMOTES[name].title} does not expose a component as ${remoteAppId(name)}.`);
    }
    return module.default;
  })();
  loaded.set(name, attempt);
  attempt.catch(() => {
    loaded.delete(name);
    failedBefore.add(name);
  });
  return attempt;
};
