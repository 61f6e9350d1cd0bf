import type { IncomingMessage, ServerResponse } from 'node:http';
import { REMOTES_CONFIG_PATH, SHELL_CONFIG_PATH, type ShellConfig } from '@dblearn/contracts';
import type { RemoteManifestUrls } from '@dblearn/federation';

export interface RuntimeConfig {
  remotes: RemoteManifestUrls;
  shell: ShellConfig;
}

/**
 * GET /remotes.json and GET /config.json: what one shell build learns about its deployment at run
 * time. Plain node (req, res) so the production server and the rspack dev server share it.
 */
export function runtimeConfigHandler(config: RuntimeConfig) {
  const bodies = new Map<string, string>([
    [REMOTES_CONFIG_PATH, JSON.stringify(config.remotes)],
    [SHELL_CONFIG_PATH, JSON.stringify(config.shell)],
  ]);
  return (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    const path = new URL(req.url ?? '/', 'http://shell.invalid').pathname;
    const body = bodies.get(path);
    if (body === undefined || (req.method !== 'GET' && req.method !== 'HEAD')) {
      next();
      return;
    }
    res.statusCode = 200;
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    // A redeployed remote must be picked up on the next page load.
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('Content-Length', Buffer.byteLength(body));
    res.end(req.method === 'HEAD' ? undefined : body);
  };
}
