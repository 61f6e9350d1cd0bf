import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { LogLevel } from '@nestjs/common';
import { PINO_LEVELS } from '@dblearn/nest-common/logging';
import type { Logger as Pino } from 'pino';
import { type HttpLogger, pinoHttp } from 'pino-http';

/** A request slower than this is worth a line at the default level whatever its status. */
export const SLOW_REQUEST_MS = 1000;

type LineLevel = Extract<LogLevel, 'verbose' | 'log' | 'warn'>;

/**
 * Which level a finished request is logged at. Refusals, failures, hang-ups and slow answers show at
 * the default level; a fast success is `verbose` (LOG_LEVEL=verbose shows every request). At the
 * rates /users/me is built for, a line per success would cost a good share of the gateway's CPU.
 */
export function requestLineLevel(status: number, ms: number, aborted: boolean): LineLevel {
  if (status >= 500) return 'warn';
  if (status >= 400 || aborted || ms >= SLOW_REQUEST_MS) return 'log';
  return 'verbose';
}

const pathOf = (url: string | undefined) => (url ?? '').split('?', 1)[0] ?? '';

/**
 * pino-http: one line per request once it is over (method, path, status, ms), written through the
 * process's asynchronous pino destination. Never a header, query string or body, so no token,
 * e-mail or password reaches the log. Mounted first, so body-parser refusals (400, 413) and 404s
 * are logged like everything else.
 */
export function requestLogger(logger: Pino): HttpLogger {
  const startedAt = new WeakMap<IncomingMessage, number>();
  let nextId = 0;
  const elapsed = (req: IncomingMessage) => Math.round((performance.now() - (startedAt.get(req) ?? performance.now())) * 10) / 10;
  const aborted = (res: ServerResponse) => !res.writableFinished;
  const line = (req: IncomingMessage, res: ServerResponse) =>
    `${req.method} ${pathOf(req.originalUrl ?? req.url)} ${res.statusCode} ${elapsed(req)}ms${aborted(res) ? ' (client hung up)' : ''}`;
  return pinoHttp({
    logger,
    // Called as the request starts: the clock for `ms` and the level.
    genReqId: (req) => {
      startedAt.set(req, performance.now());
      nextId = (nextId + 1) % Number.MAX_SAFE_INTEGER;
      return nextId;
    },
    quietReqLogger: true,
    customLogLevel: (req, res, error) => (error && res.statusCode < 500 ? 'info' : PINO_LEVELS[requestLineLevel(res.statusCode, elapsed(req), aborted(res))]),
    customSuccessMessage: (req, res) => line(req, res),
    customErrorMessage: (req, res) => line(req, res),
    customProps: () => ({ context: 'HTTP' }),
    serializers: {
      req: (req: { method?: string; url?: string; raw?: IncomingMessage }) => ({ method: req.method, path: pathOf(req.raw?.originalUrl ?? req.url) }),
      res: (res: { statusCode?: number }) => ({ status: res.statusCode }),
    },
  });
}

declare module 'node:http' {
  interface IncomingMessage {
    /** Express sets it; pino-http sees the raw request. */
    originalUrl?: string;
  }
}
