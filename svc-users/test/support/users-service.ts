import { bootstrapService, createServiceLogger } from '@dblearn/nest-common';
import type { TestInfra } from '@dblearn/testing';
import type { INestMicroservice, LoggerService } from '@nestjs/common';
import { AppModule } from '../../src/app.module.js';
import { readUsersConfig, type UsersConfig } from '../../src/config/users-config.js';

/** The service's settings for a suite: its own database, a cheap hash (PASSWORD_HASH_COST=1024). */
export function suiteConfig(infra: TestInfra, mongoDb: string, env: Record<string, string> = {}): UsersConfig {
  return readUsersConfig({
    MONGO_URL: infra.mongoUrl,
    NATS_URL: infra.natsUrl,
    MONGO_DB: mongoDb,
    PASSWORD_HASH_COST: '1024',
    LOG_LEVEL: 'warn',
    ...env,
  });
}

/** svc-users running in this process, exactly as main.ts wires it, minus the signal handlers. */
export async function startUsersService(config: UsersConfig, logger?: LoggerService): Promise<INestMicroservice> {
  return bootstrapService(AppModule.forRoot(config), config, {
    shutdownHooks: false,
    logger: logger ?? createServiceLogger({ name: 'svc-users-spec', logLevel: 'warn', logJson: false }),
  });
}

/** Talks to svc-users the way the gateway does: a Nest ClientProxy on NATS request-reply. */
export { NatsCaller as UsersCaller } from '@dblearn/testing';

/** A logger that keeps every line, to check what the service says (and never says). */
export class RecordingLogger implements LoggerService {
  readonly lines: string[] = [];
  private record(level: string, message: unknown, params: unknown[]): void {
    this.lines.push(`${level} ${typeof message === 'string' ? message : JSON.stringify(message)} ${JSON.stringify(params)}`);
  }
  log(message: unknown, ...params: unknown[]): void {
    this.record('log', message, params);
  }
  error(message: unknown, ...params: unknown[]): void {
    this.record('error', message, params);
  }
  warn(message: unknown, ...params: unknown[]): void {
    this.record('warn', message, params);
  }
  debug(message: unknown, ...params: unknown[]): void {
    this.record('debug', message, params);
  }
  verbose(message: unknown, ...params: unknown[]): void {
    this.record('verbose', message, params);
  }
  fatal(message: unknown, ...params: unknown[]): void {
    this.record('fatal', message, params);
  }
}
