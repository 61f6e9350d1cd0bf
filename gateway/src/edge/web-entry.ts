/**
 * The platform's one origin (DESIGN "The edge") without a hop on the hot path: when WEB_PORT is
 * set, this process also listens there. /api goes straight into the gateway's own Express app, in
 * process, so /api through :8080 costs what it costs on :3000; every other path (the shell's
 * files, /remotes.json, /config.json, deep links) is passed to the shell server at SHELL_URL, which
 * owns them. A Node proxy hop in front of the gateway kept only 44–67 % of its throughput here.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { applyHttpServerLimits, type ErrorEnvelope, HTTP_SERVER_LIMITS } from '@dblearn/contracts';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { ConfigError } from '../config/gateway.config.js';
import { type ConnectionGuardLimits, guardConnections } from './connection-guard.js';

export interface WebEntryConfig {
  port: number;
  host: string;
  /** The shell server, which serves everything but /api. */
  shellUrl: string;
  /** The connection table's limits; HTTP_SERVER_LIMITS unless a test asks for small ones. */
  connections?: ConnectionGuardLimits;
}

const EDGE_CONNECTION_LIMITS: ConnectionGuardLimits = {
  maxConnections: HTTP_SERVER_LIMITS.maxConnections,
  maxConnectionsPerAddress: HTTP_SERVER_LIMITS.maxConnectionsPerAddress,
  firstHeadersDeadlineMs: HTTP_SERVER_LIMITS.headersTimeoutMs,
};

/** The shell server answers from memory or disk; past this something is wrong with it. */
const SHELL_TIMEOUT_MS = 30_000;

/** WEB_PORT and SHELL_URL (the launcher sets both), or null: then the gateway serves only GATEWAY_PORT. */
export function readWebEntryConfig(env: NodeJS.ProcessEnv): WebEntryConfig | null {
  const rawPort = env.WEB_PORT?.trim();
  if (!rawPort) return null;
  const port = Number(rawPort);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new ConfigError(`WEB_PORT must be a port number (0-65535); got "${rawPort}".`);
  const shellUrl = env.SHELL_URL?.trim();
  if (!shellUrl) throw new ConfigError('WEB_PORT is set, so SHELL_URL must say where the shell server listens (e.g. http://127.0.0.1:8090).');
  try {
    const url = new URL(shellUrl);
    if (url.protocol !== 'http:') throw new Error('not http');
  } catch {
    throw new ConfigError(`SHELL_URL must be an http:// URL; got "${shellUrl}".`);
  }
  return { port, host: env.HOST?.trim() || '127.0.0.1', shellUrl };
}

export function isApiPath(url: string | undefined): boolean {
  return url !== undefined && (url === '/api' || url.startsWith('/api/') || url.startsWith('/api?'));
}

function sendEnvelope(res: ServerResponse, statusCode: number, error: string, message: string): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  const body = JSON.stringify({ statusCode, error, message } satisfies ErrorEnvelope);
  res.writeHead(statusCode, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}

/**
 * Listens on WEB_PORT beside the gateway's own port and closes with the gateway's HTTP server.
 * X-Forwarded-For is overwritten with the socket's peer before anything reads it: should TRUST_PROXY
 * ever name loopback, a value a client wrote itself must still never get through (rate limits key on it).
 */
export async function listenAsWebEntry(app: NestExpressApplication, config: WebEntryConfig): Promise<Server> {
  const api = app.getHttpAdapter().getInstance() as (req: IncomingMessage, res: ServerResponse) => void;
  const shell = createProxyMiddleware<IncomingMessage, ServerResponse>({
    target: config.shellUrl,
    proxyTimeout: SHELL_TIMEOUT_MS,
    on: {
      error: (_error, _req, res) => {
        if ('writeHead' in res) sendEnvelope(res, 502, 'Bad Gateway', 'DBLearn cannot reach its web server right now. Please try again in a moment.');
        else res.destroy();
      },
    },
  });

  const server = createServer((req, res) => {
    req.headers['x-forwarded-for'] = req.socket.remoteAddress ?? '';
    if (isApiPath(req.url)) {
      api(req, res);
      return;
    }
    void shell(req, res, () => sendEnvelope(res, 404, 'Not Found', 'There is nothing at this address.'));
  });
  // Slow clients cannot hold connections here either (issue 6), nor one client all of them (issue 17).
  applyHttpServerLimits(server);
  const connections = config.connections ?? EDGE_CONNECTION_LIMITS;
  guardConnections(server, connections);
  // The guard keeps the table at its limit by evicting; Node's own refusal is only a backstop for
  // evicted sockets whose close is still under way (Node refuses before the guard sees a socket).
  server.maxConnections = connections.maxConnections * 2;
  app.getHttpServer().once('close', () => {
    server.close();
    server.closeAllConnections();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server;
}

export function listeningPort(server: Server): number {
  return (server.address() as AddressInfo).port;
}
