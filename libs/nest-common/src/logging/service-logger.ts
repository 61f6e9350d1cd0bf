import { ConsoleLogger, type LogLevel } from '@nestjs/common';

/**
 * Nest announces every module and handler at `log` level while it boots. A service should say one
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

export class ServiceLogger extends ConsoleLogger {
  override log(message: unknown, ...optionalParams: unknown[]): void {
    const last = optionalParams.at(-1);
    const context = typeof last === 'string' ? last : this.context;
    if (context !== undefined && BOOT_CONTEXTS.has(context)) {
      super.debug(message, ...optionalParams);
      return;
    }
    super.log(message, ...optionalParams);
  }
}

export interface LoggerSettings {
  /** Shown as the process name in pretty output. */
  name: string;
  logLevel: LogLevel;
  logJson: boolean;
}

/** Nest's ConsoleLogger: JSON lines for machines by default, colours for a person when asked. */
export function createServiceLogger({ name, logLevel, logJson }: LoggerSettings): ServiceLogger {
  return new ServiceLogger({
    prefix: name,
    json: logJson,
    colors: !logJson && process.stdout.isTTY === true,
    logLevels: [logLevel],
    // Defence in depth: nothing should ever log these, and if something does they stay hidden.
    redact: ['password', 'passwordHash', 'ADMIN_PASSWORD'],
  });
}
