import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { ErrorEnvelope } from '@dblearn/contracts';
import { REMOTE_NAMES } from '@dblearn/federation';
import { ALWAYS_REVALIDATE, builtFiles } from '@dblearn/federation/static';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { pinoHttp } from 'pino-http';
import type { ShellServerConfig } from './config.js';
import type { Logger } from './logger.js';
import { runtimeConfigHandler } from './runtime-config.js';
import { securityHeaders } from './security.js';

/** How long the gateway may take before the proxy gives up (it bounds its own waits far below). */
const PROXY_TIMEOUT_MS = 30_000;

function envelope(statusCode: number, error: string, message: string): ErrorEnvelope {
  return { statusCode, error, message };
}

function sendIndex(distDir: string) {
  const index = join(distDir, 'index.html');
  return (_req: Request, res: Response) => {
    // The page names the hashed bundles of this deployment: always ask again.
    res.setHeader('Cache-Control', ALWAYS_REVALIDATE);
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
  app.set('trust proxy', false);
  // One line per answer: failures at warn/error, the rest at debug (quiet under npm start).
  app.use(
    pinoHttp({
      logger,
      customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'debug'),
    }),
  );

  // /api first and untouched: no body parsing, the path kept. Under npm start /api never gets
  // here (the gateway answers :8080 itself); this is for the shell server run alone.
  app.use(
    createProxyMiddleware<Request, Response>({
      target: config.gatewayUrl,
      pathFilter: (pathname) => pathname === '/api' || pathname.startsWith('/api/'),
      // The gateway trusts X-Forwarded-For from this hop: it carries the socket's peer only,
      // never what the client wrote (set here, not appended by xfwd).
      xfwd: false,
      proxyTimeout: PROXY_TIMEOUT_MS,
      on: {
        proxyReq: (proxyReq, req) => {
          proxyReq.setHeader('x-forwarded-for', req.socket.remoteAddress ?? '');
        },
        error: (error, req, res) => {
          logger.warn({ method: req.method, url: req.url, reason: error.message }, 'gateway unreachable');
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

  // Brotli/gzip copies made at build, immutable caching of hashed names (@dblearn/federation/static).
  app.use(builtFiles(config.distDir));

  // Client-side routes (/catalog/..., /login, any unknown path the shell turns into /not-found).
  const index = sendIndex(config.distDir);
  app.use((req: Request, res: Response, next: NextFunction) => (isPageRequest(req) ? index(req, res) : next()));

  app.use((_req: Request, res: Response) => {
    res.status(404).json(envelope(404, 'Not Found', 'There is nothing at this address.'));
  });

  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    logger.error({ method: req.method, url: req.url, reason: error instanceof Error ? error.message : String(error) }, 'request failed');
    if (res.headersSent) {
      res.end();
      return;
    }
    res.status(500).json(envelope(500, 'Internal Server Error', 'Something went wrong on our side.'));
  });

  return app;
}
