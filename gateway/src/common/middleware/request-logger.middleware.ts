import { Logger } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { performance } from 'node:perf_hooks';

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
      logger.log(`${req.method} ${path} ${status} ${ms}ms${aborted ? ' (client hung up)' : ''}`, {
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
