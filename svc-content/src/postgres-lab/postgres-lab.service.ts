import { type SandboxRun } from '@dblearn/contracts';
import type { SandboxRunMessageDto } from '@dblearn/contracts/dto';
import { badRequest, rpcError, serviceUnavailable } from '@dblearn/nest-common';
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { CONTENT_CONFIG, type ContentConfig } from '../config/content-config.js';
import { SandboxesService } from '../sandboxes/sandboxes.service.js';
import { POSTGRES_LAB_UNAVAILABLE, PostgresLab, PostgresLabFailure, PostgresLabUnavailable } from './postgres-lab.js';

/** Runs a learner may have in flight at once on the PostgreSQL lab; one more is refused, not queued. */
export const POSTGRES_RUNS_PER_LEARNER = 2;

/**
 * A learner's SQL on the course's sandbox, on the server's PostgreSQL (issue 32). SQLite runs stay
 * in the browser, so `engine` must say "postgres" here for now. Without POSTGRES_URL every run
 * answers 503 and the rest of svc-content is untouched.
 */
@Injectable()
export class PostgresLabService implements OnModuleDestroy {
  private readonly lab: PostgresLab | null;
  private readonly inFlight = new Map<string, number>();

  constructor(
    @Inject(CONTENT_CONFIG) config: ContentConfig,
    private readonly sandboxes: SandboxesService,
  ) {
    this.lab = config.postgresUrl ? new PostgresLab(config.postgresUrl) : null;
  }

  async run(courseId: string, { sql, engine, userId }: SandboxRunMessageDto): Promise<SandboxRun> {
    if (engine !== 'postgres') throw badRequest('SQLite runs in your browser; this call runs engine "postgres" only.');
    if (!this.lab) throw serviceUnavailable(POSTGRES_LAB_UNAVAILABLE);
    const running = this.inFlight.get(userId) ?? 0;
    if (running >= POSTGRES_RUNS_PER_LEARNER) throw rpcError(429, 'You already have PostgreSQL runs going; wait for them to finish.');
    this.inFlight.set(userId, running + 1);
    try {
      const sandbox = await this.sandboxes.forRun(courseId);
      if (sandbox && sandbox.kind !== 'sql') throw badRequest("This course's sandbox is not SQL.");
      const { results } = await this.lab.run({ sandbox: sandbox?.source ?? null, statements: sql });
      return { engine: 'postgres', results };
    } catch (error) {
      if (error instanceof PostgresLabFailure) {
        throw badRequest(error.source === 'sandbox' ? `The course's sandbox does not run on PostgreSQL: ${error.message}` : error.message);
      }
      if (error instanceof PostgresLabUnavailable) throw serviceUnavailable(error.message);
      throw error;
    } finally {
      const left = (this.inFlight.get(userId) ?? 1) - 1;
      if (left > 0) this.inFlight.set(userId, left);
      else this.inFlight.delete(userId);
    }
  }

  async onModuleDestroy(): Promise<void> {
    await this.lab?.close();
  }
}
