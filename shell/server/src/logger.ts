/** One line per event: JSON in production-like runs (LOG_FORMAT=json or NODE_ENV=production). */
type Level = 'error' | 'warn' | 'log';
const RANK: Record<Level, number> = { error: 0, warn: 1, log: 2 };

export interface Logger {
  log(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

export function createLogger(env: Record<string, string | undefined> = process.env): Logger {
  const json = env.LOG_FORMAT === 'json' || env.NODE_ENV === 'production';
  // LOG_LEVEL uses Nest's names like every other process; this server only writes log, warn, error.
  const thresholds: Record<string, number> = { fatal: 0, error: 0, warn: 1, log: 2, debug: 2, verbose: 2 };
  const threshold = thresholds[env.LOG_LEVEL ?? 'log'] ?? RANK.log;
  const write = (level: Level, message: string, fields: Record<string, unknown> = {}) => {
    if (RANK[level] > threshold) return;
    const stream = level === 'log' ? process.stdout : process.stderr;
    if (json) {
      stream.write(`${JSON.stringify({ level, time: new Date().toISOString(), context: 'shell', message, ...fields })}\n`);
    } else {
      const extra = Object.keys(fields).length > 0 ? ` ${JSON.stringify(fields)}` : '';
      stream.write(`[shell] ${message}${extra}\n`);
    }
  };
  return {
    log: (message, fields) => write('log', message, fields),
    warn: (message, fields) => write('warn', message, fields),
    error: (message, fields) => write('error', message, fields),
  };
}
