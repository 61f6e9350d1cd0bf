import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { ErrorEnvelope } from '@dblearn/contracts';
import { REMOTE_NAMES } from '@dblearn/federation';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import type { ShellServerConfig } from './config.js';
import type { Logger } from './logger.js';
import { runtimeConfigHandler } from './runtime-config.js';
import { securityHeaders } from './security.js';

/** rspack names every emitted asset with an 8+ hex content hash: such a file never changes. */
const HASHED_ASSET = /\.[0-9a-f]{8,}\.(?:js|css|map|svg|png|jpe?g|gif|webp|woff2?)$/;
/** How long the gateway may take before the proxy gives up (it bounds its own waits far below). */
const PROXY_TIMEOUT_MS = 30_000;

function envelope(statusCode: number, error: string, message: string): ErrorEnvelope {
  return { statusCode, error, message };
}

function sendIndex(distDir: string) {
  const index = join(distDir, 'index.html');
  return (_req: Request, res: Response) => {
    // The page names the hashed bundles of this deployment: always ask again.
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  };
}

/** Browsers navigating ask for text/html explicitly; script and fetch requests do not. */
function isPageRequest(req: Request): boolean {
  return (req.method === 'GET' || req.method === 'HEAD') && (req.headers.accept ?? '').includes('text/html');
}

export function createShellApp(config: ShellServerConfig, logger: Logger): Express {
  if (!existsSync(join(config.distDir, 'index.html'))) {
    throw new Error(`No built shell in ${config.distDir}: run "npm run build -w shell" first.`);
  }
  const app = express();
  app.disable('x-powered-by');
  // X-Forwarded-For reaches the gateway (rate limits per client) from the socket's address.
  app.set('trust proxy', false);

  // /api first and untouched: no body parsing, the path kept, the client's address forwarded.
  app.use(
    createProxyMiddleware<Request, Response>({
      target: config.gatewayUrl,
      pathFilter: (pathname) => pathname === '/api' || pathname.startsWith('/api/'),
      xfwd: true,
      proxyTimeout: PROXY_TIMEOUT_MS,
      on: {
        error: (error, req, res) => {
          logger.warn('gateway unreachable', { method: req.method, url: req.url, reason: error.message });
          if (!('writeHead' in res)) {
            res.destroy();
            return;
          }
          if (res.headersSent) {
            res.end();
            return;
          }
          const body = JSON.stringify(
            envelope(503, 'Service Unavailable', 'DBLearn cannot reach its API right now. Please try again in a moment.'),
          );
          res.writeHead(503, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body) });
          res.end(body);
        },
      },
    }),
  );

  app.use(securityHeaders(REMOTE_NAMES.map((name) => config.remotes[name])));
  app.use(runtimeConfigHandler({ remotes: config.remotes, shell: { teamContacts: config.teamContacts } }));

  app.use(
    express.static(config.distDir, {
      index: false,
      setHeaders: (res, path) => {
        res.setHeader('Cache-Control', HASHED_ASSET.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    }),
  );

  // Client-side routes (/catalog/..., /login, any unknown path the shell turns into /not-found).
  const index = sendIndex(config.distDir);
  app.use((req: Request, res: Response, next: NextFunction) => (isPageRequest(req) ? index(req, res) : next()));

  app.use((_req: Request, res: Response) => {
    res.status(404).json(envelope(404, 'Not Found', 'There is nothing at this address.'));
  });

  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    logger.error('request failed', { method: req.method, url: req.url, reason: error instanceof Error ? error.message : String(error) });
    if (res.headersSent) {
      res.end();
      return;
    }
    res.status(500).json(envelope(500, 'Internal Server Error', 'Something went wrong on our side.'));
  });

  return app;
}
