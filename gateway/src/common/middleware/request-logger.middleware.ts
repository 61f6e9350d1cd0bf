import { Logger } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { performance } from 'node:perf_hooks';

/** A request slower than this is worth a line at the default level whatever its status. */
export const SLOW_REQUEST_MS = 1000;

type LineLevel = 'verbose' | 'log' | 'warn';

/**
 * Which level a finished request is logged at. Refusals, failures, hang-ups and slow answers show at
 * the default level; a fast success is `verbose` (LOG_LEVEL=verbose shows every request). At the
 * rates /users/me is built for, one synchronous line per success cost ~15% of the gateway's CPU.
 */
export function requestLineLevel(status: number, ms: number, aborted: boolean): LineLevel {
  if (status >= 500) return 'warn';
  if (status >= 400 || aborted || ms >= SLOW_REQUEST_MS) return 'log';
  return 'verbose';
}

/**
 * One structured line per request once it is over: method, path, status, ms. Never a
 * header, query string or body, so no token, e-mail or password reaches the log. Mounted first,
 * so body-parser refusals (400, 413) and 404s are logged like everything else.
 */
export function requestLogger(logger = new Logger('HTTP')): (req: Request, res: Response, next: NextFunction) => void {
  return (req, res, next) => {
    const started = performance.now();
    // 'close' comes for every request, also when the client hangs up before the answer is out.
    res.once('close', () => {
      const ms = Math.round((performance.now() - started) * 10) / 10;
      const path = req.originalUrl.split('?', 1)[0] ?? '';
      const status = res.statusCode;
      const aborted = !res.writableFinished;
      logger[requestLineLevel(status, ms, aborted)](`${req.method} ${path} ${status} ${ms}ms${aborted ? ' (client hung up)' : ''}`, {
        method: req.method,
        path,
        status,
        ms,
        ...(aborted ? { aborted } : {}),
      });
    });
    next();
  };
}
