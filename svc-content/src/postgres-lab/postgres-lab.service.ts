import { type SandboxRun } from '@dblearn/contracts';
import type { SandboxRunMessageDto } from '@dblearn/contracts/dto';
import { badRequest, serviceUnavailable } from '@dblearn/nest-common';
import { Injectable } from '@nestjs/common';
import { SandboxesService } from '../sandboxes/sandboxes.service.js';
import { PostgresGradingService } from './postgres-grading.service.js';
import { PostgresLabAccess } from './postgres-lab.access.js';
import { PostgresLabFailure, PostgresLabUnavailable } from './postgres-lab.js';

export { POSTGRES_RUNS_PER_LEARNER } from './postgres-lab.access.js';

/**
 * A learner's SQL on the course's sandbox, on the server's PostgreSQL (issue 32). SQLite runs stay
 * in the browser, so `engine` must say "postgres" here for now.
 */
@Injectable()
export class PostgresLabService {
  constructor(
    private readonly access: PostgresLabAccess,
    private readonly sandboxes: SandboxesService,
    private readonly grading: PostgresGradingService,
  ) {}

  async run(courseId: string, { sql, engine, userId }: SandboxRunMessageDto): Promise<SandboxRun> {
    if (engine !== 'postgres') throw badRequest('SQLite runs in your browser; this call runs engine "postgres" only.');
    return this.access.forLearner(userId, async (lab) => {
      try {
        const sandbox = await this.sandboxes.forRun(courseId);
        if (sandbox && sandbox.kind !== 'sql') throw badRequest("This course's sandbox is not SQL.");
        // The copy graded attempts get (an integer key numbers rows as on SQLite), loaded in one round trip;
        // a sandbox that does not load runs raw, so its failure names the line.
        const prepared = sandbox ? await this.grading.visibleScript(sandbox) : null;
        const { results } = prepared ? await lab.runPrepared(prepared, sql) : await lab.run({ sandbox: sandbox?.source ?? null, statements: sql });
        return { engine: 'postgres' as const, results };
      } catch (error) {
        if (error instanceof PostgresLabFailure) {
          throw badRequest(error.source === 'sandbox' ? `The course's sandbox does not run on PostgreSQL: ${error.message}` : error.message);
        }
        if (error instanceof PostgresLabUnavailable) throw serviceUnavailable(error.message);
        throw error;
      }
    });
  }
}
