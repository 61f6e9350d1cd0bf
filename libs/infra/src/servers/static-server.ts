import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
};

export function contentTypeFor(path: string): string {
  return CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * The file a URL path names inside `rootDir`, or undefined when it would leave it or names a
 * dot-file (our build stamp, editors' files). `/` is index.html.
 */
export function resolveStaticPath(rootDir: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath.split('?')[0] ?? '/');
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const relativePath = normalize(decoded).replace(/^([/\\])+/, '');
  if (relativePath.split(/[/\\]/).some((part) => part.startsWith('.'))) return undefined;
  const root = resolve(rootDir);
  const full = resolve(root, relativePath === '' ? 'index.html' : relativePath);
  return full === root || full.startsWith(root + sep) ? full : undefined;
}

/** Manifests and entry points must be re-read on every load (that is how a redeploy is seen). */
function cacheControlFor(path: string): string {
  return /\.[0-9a-f]{8,}\./.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

function send(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
  res.end(message);
}

async function handle(rootDir: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
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
    return send(res, 405, 'Method not allowed.');
  }
  const path = resolveStaticPath(rootDir, req.url ?? '/');
  if (!path) return send(res, 404, 'Not found.');
  let size: number;
  try {
    const stats = await stat(path);
    if (!stats.isFile()) return send(res, 404, 'Not found.');
    size = stats.size;
  } catch {
    return send(res, 404, 'Not found.');
  }
  res.writeHead(200, { 'content-type': contentTypeFor(path), 'content-length': size, 'cache-control': cacheControlFor(path) });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  createReadStream(path)
    .on('error', () => res.destroy())
    .pipe(res);
}

/** A small static file server with CORS, for serving a built micro-frontend on its own port. */
export function createStaticServer(rootDir: string): Server {
  return createServer((req, res) => {
    handle(rootDir, req, res).catch(() => {
      if (!res.headersSent) send(res, 500, 'Internal error.');
      else res.destroy();
    });
  });
}

export function staticRootFor(workspaceDir: string): string {
  return join(workspaceDir, 'dist');
}
