import type { LoggerService, LogLevel } from '@nestjs/common';
import { type DestinationStream, type Level, pino, type Logger as Pino } from 'pino';

/**
 * Nest announces every module and handler at `log` level while it boots. A process should say one
 * thing when it is ready, so these lines move to `debug` (LOG_LEVEL=debug still shows them).
 */
const BOOT_CONTEXTS: ReadonlySet<string> = new Set([
  'NestFactory',
  'InstanceLoader',
  'NestMicroservice',
  'NestApplication',
  'RoutesResolver',
  'RouterExplorer',
]);

/** LOG_LEVEL speaks Nest's names everywhere in DBLearn; pino has its own. */
export const PINO_LEVELS: Record<LogLevel, Level> = { verbose: 'trace', debug: 'debug', log: 'info', warn: 'warn', error: 'error', fatal: 'fatal' };

/** Defence in depth: nothing should ever log these, and if something does they stay hidden. */
const REDACT = ['password', 'passwordHash', 'ADMIN_PASSWORD', '*.password', '*.passwordHash', 'req.headers.authorization'];

export interface LoggerSettings {
  /** The process, e.g. `svc-users` or `gateway`. */
  name: string;
  logLevel: LogLevel;
  /** JSON lines (production) or one readable line per event (a person at `npm start`). */
  logJson: boolean;
}

/**
 * JSON when NODE_ENV=production (or LOG_FORMAT=json), readable otherwise (LOG_FORMAT=pretty forces it).
 */
export function logsAsJson(env: Record<string, string | undefined> = process.env): boolean {
  const format = env.LOG_FORMAT?.trim().toLowerCase();
  if (format === 'json') return true;
  if (format === 'pretty') return false;
  return env.NODE_ENV === 'production';
}

/**
 * The process's pino logger. Nothing is written synchronously: JSON goes through an asynchronous
 * destination (flushed at exit), readable lines through pino-pretty in a worker thread. Tests pass
 * their own destination.
 */
export function createPino({ name, logLevel, logJson }: LoggerSettings, destination?: DestinationStream): Pino {
  const options = { name, level: PINO_LEVELS[logLevel], redact: { paths: REDACT, censor: '[hidden]' }, base: { name } };
  if (destination) return pino(options, destination);
  return pino(options, logJson ? pino.destination({ sync: false }) : prettyStream());
}

let pretty: DestinationStream | null = null;

/** One pino-pretty worker thread per process, however many loggers (tests start many services). */
function prettyStream(): DestinationStream {
  pretty ??= pino.transport({ target: 'pino-pretty', options: { ignore: 'pid,hostname,name,context', messageFormat: '{if context}{context}: {end}{msg}', translateTime: 'SYS:HH:MM:ss', singleLine: true } }) as DestinationStream;
  return pretty;
}

/**
 * Nest's LoggerService on a pino logger: `log(message, context)`, `error(message, stack, context)`;
 * objects are merged into the line, Errors go under `err`. Nest's boot announcements move to debug.
 * (Not nestjs-pino's: it keeps one root logger per process, and tests run several services in one.)
 */
export class ServiceLogger implements LoggerService {
  constructor(readonly pino: Pino) {}

  log(message: unknown, ...params: unknown[]): void {
    const context = params.at(-1);
    this.write(typeof context === 'string' && BOOT_CONTEXTS.has(context) ? 'debug' : 'info', message, params);
  }
  error(message: unknown, ...params: unknown[]): void {
    this.write('error', message, params);
  }
  warn(message: unknown, ...params: unknown[]): void {
    this.write('warn', message, params);
  }
  debug(message: unknown, ...params: unknown[]): void {
    this.write('debug', message, params);
  }
  verbose(message: unknown, ...params: unknown[]): void {
    this.write('trace', message, params);
  }
  fatal(message: unknown, ...params: unknown[]): void {
    this.write('fatal', message, params);
  }

  private write(level: Level, message: unknown, params: unknown[]): void {
    if (!this.pino.isLevelEnabled(level)) return;
    const rest = [...params];
    const fields: Record<string, unknown> = {};
    if (typeof rest.at(-1) === 'string') fields.context = rest.pop();
    // error(message, stack, context): Nest passes the stack as a string before the context.
    if (level === 'error' && typeof rest[0] === 'string') fields.stack = rest.shift();
    for (const extra of rest) if (extra && typeof extra === 'object') Object.assign(fields, extra);
    if (message instanceof Error) this.pino[level]({ ...fields, err: message }, message.message);
    else if (message && typeof message === 'object') this.pino[level]({ ...fields, ...message });
    else this.pino[level](fields, String(message));
  }
}

/** A process's (or a command's) Nest logger on a new pino logger. */
export function createServiceLogger(settings: LoggerSettings, destination?: DestinationStream): ServiceLogger {
  return new ServiceLogger(createPino(settings, destination));
}
