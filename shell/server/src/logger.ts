import { pino, type Logger as PinoLogger } from 'pino';

export type Logger = PinoLogger;

type Env = Record<string, string | undefined>;

/** LOG_LEVEL takes Nest's names like every other process of DBLearn; pino has its own. */
const PINO_LEVELS: Record<string, string> = { fatal: 'fatal', error: 'error', warn: 'warn', log: 'info', debug: 'debug', verbose: 'trace', silent: 'silent' };

/**
 * pino: JSON lines in production (NODE_ENV=production or LOG_FORMAT=json), written asynchronously;
 * a readable line per event under `npm start` (pino-pretty, in a worker thread). Neither writes
 * synchronously on the request path.
 */
export function createLogger(env: Env = process.env): Logger {
  const level = PINO_LEVELS[env.LOG_LEVEL ?? 'log'] ?? 'info';
  const json = env.LOG_FORMAT === 'json' || env.NODE_ENV === 'production';
  const base = { name: 'shell' };
  if (json) return pino({ level, base }, pino.destination({ sync: false }));
  return pino({
    level,
    base,
    transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname,name', translateTime: 'SYS:HH:MM:ss', singleLine: true } },
  });
}

/** For tests: nothing is written. */
export function silentLogger(): Logger {
  return pino({ level: 'silent' });
}
