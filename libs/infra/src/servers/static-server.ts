import { createServer, type Server, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { applyHttpServerLimits } from '@dblearn/contracts';
import { builtFiles } from '@dblearn/federation/static';

function send(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
  res.end(message);
}

/**
 * Serves a built micro-frontend on its own port: compressed copies from the build, immutable caching
 * of hashed names (see @dblearn/federation/static), and CORS, since the shell loads it cross-origin.
 */
export function createStaticServer(rootDir: string): Server {
  const files = builtFiles(rootDir);
  const server = createServer((req, res) => {
    // Remotes are loaded cross-origin by the shell: any origin may read these public files.
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader('x-content-type-options', 'nosniff');
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { 'access-control-allow-methods': 'GET, HEAD, OPTIONS', 'access-control-allow-headers': '*', 'access-control-max-age': '600' });
      res.end();
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('allow', 'GET, HEAD, OPTIONS');
      send(res, 405, 'Method not allowed.');
      return;
    }
    files(req, res, () => send(res, 404, 'Not found.'));
  });
  // Slow clients cannot hold connections (issue 6).
  return applyHttpServerLimits(server);
}

export function staticRootFor(workspaceDir: string): string {
  return join(workspaceDir, 'dist');
}
