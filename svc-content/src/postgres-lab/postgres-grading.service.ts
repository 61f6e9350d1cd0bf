import { badRequest, serviceUnavailable } from '@dblearn/nest-common';
import { Injectable } from '@nestjs/common';
import type { GradedAttempt } from '../sql-runner/sql-jobs.js';
import { SqlRunner } from '../sql-runner/sql-runner.js';
import { type PgCheck, PostgresGrader, type PgSandbox, SqliteOnly } from './pg-grading.js';
import { PostgresLabAccess } from './postgres-lab.access.js';
import { PostgresLabFailure, PostgresLabUnavailable } from './postgres-lab.js';

/**
 * Checks graded on the PostgreSQL lab (issue 32), for ChecksService: the learner's limit on the
 * shared pool, and the grader's outcomes as HTTP answers (a check graded on SQLite only: 400; the
 * server away: 503, nothing recorded).
 */
/** Saving a PostgreSQL-only check while the lab is away: its reference cannot be run anywhere. */
const POSTGRES_ONLY_UNCHECKED = 'The PostgreSQL lab is unavailable: a check graded on PostgreSQL only cannot be saved until its reference runs there. Try again later.';

@Injectable()
export class PostgresGradingService {
  private readonly grader: PostgresGrader | null;

  constructor(
    private readonly access: PostgresLabAccess,
    runner: SqlRunner,
  ) {
    this.grader = access.lab ? new PostgresGrader(access.lab, runner) : null;
  }

  grade(userId: string, sandbox: PgSandbox, check: PgCheck, answer: string): Promise<GradedAttempt> {
    return this.access.forLearner(userId, async () => {
      try {
        return await (this.grader as PostgresGrader).grade(sandbox, check, answer);
      } catch (error) {
        if (error instanceof SqliteOnly) throw badRequest(error.message);
        if (error instanceof PostgresLabUnavailable) throw serviceUnavailable(error.message);
        if (error instanceof PostgresLabFailure) throw badRequest(error.message);
        throw error;
      }
    });
  }

  /** The sandbox's script as attempts load it, or null when it does not load (the caller runs the raw script to name the failing line). */
  async visibleScript(sandbox: PgSandbox): Promise<string | null> {
    if (!this.grader) return null;
    try {
      return await this.grader.visibleScript(sandbox);
    } catch (error) {
      if (error instanceof SqliteOnly) return null;
      throw error;
    }
  }

  /**
   * Why a check cannot be saved for PostgreSQL, or null (also when the lab is away: SQLite's judgement
   * stands). A check graded on PostgreSQL only has no SQLite judgement: with the lab away it is a 503.
   */
  async referenceRefusal(sandbox: PgSandbox, check: PgCheck, postgresOnly = false): Promise<string | null> {
    if (!this.grader) {
      if (postgresOnly) throw serviceUnavailable(POSTGRES_ONLY_UNCHECKED);
      return null;
    }
    try {
      return await this.grader.referenceFailure(sandbox, check);
    } catch (error) {
      if (error instanceof PostgresLabUnavailable) {
        if (postgresOnly) throw serviceUnavailable(POSTGRES_ONLY_UNCHECKED);
        return null;
      }
      throw error;
    }
  }
}
