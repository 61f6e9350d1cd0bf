import { badRequest, serviceUnavailable } from '@dblearn/nest-common';
import { Injectable } from '@nestjs/common';
import type { GradedAttempt } from '@dblearn/lab';
import { SqlRunner } from '../sql-runner/sql-runner.js';
import { type PgCheck, PostgresGrader, type PgSandbox, SqliteOnly } from './pg-grading.js';
import { PostgresLabAccess } from './postgres-lab.access.js';
import { PostgresLabFailure, PostgresLabUnavailable } from './postgres-lab.js';

/** Saving a PostgreSQL-only check while the lab is away: its reference cannot be run anywhere. */
const POSTGRES_ONLY_UNCHECKED = 'The PostgreSQL lab is unavailable: a check graded on PostgreSQL only cannot be saved until its reference runs there. Try again later.';

/**
 * Checks graded on the PostgreSQL lab (issue 32), for ChecksService: the learner's limit on the
 * shared pool, and the grader's outcomes as HTTP answers (a check graded on SQLite only: 400; the
 * server away: 503, nothing recorded).
 */

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
    const verdict = await this.referenceVerdict(sandbox, check);
    if (!verdict.checked && postgresOnly) throw serviceUnavailable(POSTGRES_ONLY_UNCHECKED);
    return verdict.checked ? verdict.refusal : null;
  }

  /** What PostgreSQL says of a check's reference (its variants in place), or that it could not be asked. */
  async referenceVerdict(sandbox: PgSandbox, check: PgCheck): Promise<PgVerdict> {
    const grader = this.grader;
    if (!grader) return NO_LAB;
    return this.verdictOf(() => grader.referenceFailure(sandbox, check));
  }

  /**
   * referenceVerdict for many query checks on one sandbox (an import): each dataset loaded once for
   * all of them. A batch past its time limit on a busy box: judged one by one instead.
   */
  async queryReferenceVerdicts(sandbox: PgSandbox, checks: Extract<PgCheck, { kind: 'query' }>[]): Promise<PgVerdict[]> {
    const grader = this.grader;
    if (!grader) return checks.map(() => NO_LAB);
    try {
      return (await grader.queryReferenceFailures(sandbox, checks)).map((refusal) => ({ checked: true, refusal }));
    } catch (error) {
      if (error instanceof SqliteOnly) return checks.map(() => ({ checked: true, refusal: error.message }));
      if (error instanceof PostgresLabUnavailable) return checks.map(() => LAB_AWAY);
      if (!(error instanceof PostgresLabFailure && error.timedOut)) throw error;
      const verdicts: PgVerdict[] = [];
      for (const check of checks) verdicts.push(await this.referenceVerdict(sandbox, check));
      return verdicts;
    }
  }

  /**
   * What PostgreSQL says of an admin's sandbox: both scripts attempts load (the visible one, and the
   * hidden variant or the derived rows) must load there; the refusal names the script and line. Built
   * once per sandbox key (the grader keeps it), so an import meets each distinct sandbox once.
   */
  async sandboxVerdict(sandbox: PgSandbox): Promise<PgVerdict> {
    const grader = this.grader;
    if (!grader) return NO_LAB;
    if (sandbox.kind !== 'sql') return { checked: true, refusal: null };
    return this.verdictOf(async () => {
      try {
        await grader.visibleScript(sandbox);
        return null;
      } catch (error) {
        if (error instanceof SqliteOnly) return (await this.failingLine(sandbox, error.message)) ?? error.message;
        if (error instanceof PostgresLabFailure) return `The sandbox does not run on PostgreSQL: ${error.message}`;
        throw error;
      }
    });
  }

  /**
   * The grader loads a script in one round trip, which names no line: the script that failed, run
   * statement by statement as the run route runs it, names it ("The sandbox does not run on
   * PostgreSQL: Line 3: …"). Null when it runs so (what failed was the grader's own step).
   */
  private async failingLine(sandbox: PgSandbox, failure: string): Promise<string | null> {
    const hidden = failure.startsWith('The hidden variant');
    const script = hidden ? (sandbox.hiddenPostgresSource ?? sandbox.hiddenSource) : (sandbox.postgresSource ?? sandbox.source);
    if (!script || !this.access.lab) return null;
    try {
      await this.access.lab.run({ sandbox: script, statements: 'SELECT 1' });
      return null;
    } catch (error) {
      if (error instanceof PostgresLabFailure && error.source === 'sandbox') return `${hidden ? 'The hidden variant' : 'The sandbox'} does not run on PostgreSQL: ${error.message}`;
      throw error;
    }
  }

  private async verdictOf(judge: () => Promise<string | null>): Promise<PgVerdict> {
    try {
      return { checked: true, refusal: await judge() };
    } catch (error) {
      if (error instanceof PostgresLabUnavailable) return LAB_AWAY;
      throw error;
    }
  }
}

/**
 * An admin's content judged on PostgreSQL (`refusal` null: it runs there), or not judged and SQLite's
 * judgement stands: the lab is `unavailable` (configured, unreachable), or there is none (no POSTGRES_URL).
 */
export type PgVerdict = { checked: true; refusal: string | null } | { checked: false; why: 'unavailable' | 'no lab' };

const LAB_AWAY: PgVerdict = { checked: false, why: 'unavailable' };
const NO_LAB: PgVerdict = { checked: false, why: 'no lab' };

/** Told with an import judged on SQLite alone. */
export const POSTGRES_NOT_CHECKED_MESSAGE = 'The PostgreSQL lab was unavailable: this SQL was judged on SQLite only. Import it again when PostgreSQL is back to have it judged there too.';
