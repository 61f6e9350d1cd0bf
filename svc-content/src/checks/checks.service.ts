import {
  type AttemptResult,
  CHECK_NOT_FOUND_MESSAGE,
  type CheckPasses,
  type CheckSolution,
  type ChecksLeft,
  EVENT_SUBJECTS,
  isPostgresOnly,
  POSTGRES_ONLY_MESSAGE,
  type Project,
  PROJECT_NOT_FOUND_MESSAGE,
  type QuizAnswerValue,
  SERVICES,
  SOLUTION_AFTER_FAILURES,
  SOLUTION_LOCKED_MESSAGE,
  SQL_TIME_LIMIT_MS,
  type SqlEngine,
  type StoredCheck,
  type StoredChecks,
} from '@dblearn/contracts';
import { checkAnswerRefusal, type GradedAttempt, type GradedCheck, gradeQuiz } from '@dblearn/lab';
import type { AttemptMessageDto, CheckDto, CheckSolutionRequestDto, ChecksLeftRequestDto, UpdateCheckDto } from '@dblearn/contracts/dto';
import { badRequest, ChangeBroadcast, type DocumentStore, domainEvent, EventsConnection, forbidden, InjectStore, KeptRegistry, notFound, type PendingEvent, RequestConnection } from '@dblearn/nest-common';
import { Injectable } from '@nestjs/common';
import { Types, type UpdateQuery } from 'mongoose';
import { type CheckRecord, ProjectRecord } from '../common/project.schema.js';
import { PROJECT_FIELDS, toProject } from '../projects/project.views.js';
import { PostgresGradingService } from '../postgres-lab/postgres-grading.service.js';
import { type ProjectChecks, RunnableIndex } from '../sandboxes/runnable.read-models.js';
import { SandboxesService, scriptsOf } from '../sandboxes/sandboxes.service.js';
import { SqlRunner, TIMED_OUT } from '../sql-runner/sql-runner.js';
import { CheckPassRecord, checkPassKey } from './check-pass.schema.js';
import { failureKindOf } from './failure-kind.js';
import { checkRecordOf, gradedCheckOf, gradesAlike, learnerCheckOf, postgresCheckOf, solutionOf, storedCheckOf } from '../projects/check-records.js';

/** The characters of an answer check.attempted carries (CheckAttemptedEvent.answer). */
const ANSWER_KEPT = 4_000;

/**
 * Learners' progress records this instance keeps in memory, so an attempt reads nothing from the
 * database. A write drops the record on every instance before it answers (ChangeBroadcast), so an
 * instance that kept an older one reads it again.
 */
const RECORDS_KEPT = 20_000;
/** "This learner's progress on this project changed", between svc-content's own instances. */
export const CHECK_PROGRESS_CHANGES = `${SERVICES.content.queue}.internal.check-progress`;

/** A learner's progress on one project's checks, as read and written here. */
interface Progress {
  passed: string[];
  failures: Record<string, number>;
  solutionShown: string[];
}

/**
 * Checked projects (CONTRACT "Runnable SQL"): admins add, edit and remove checks of four kinds,
 * learners' attempts are graded (SQL and mongo in the workers, on the visible and the hidden data;
 * quizzes here), failures unlock hints and then the solution, passes are remembered, and svc-users
 * asks what is left before it records a project as finished.
 */
@Injectable()
export class ChecksService {
  private readonly progressKept = new Map<string, Progress>();
  private readonly progressChanges: ChangeBroadcast;

  constructor(
    @InjectStore(ProjectRecord.name) private readonly projects: DocumentStore<ProjectRecord>,
    @InjectStore(CheckPassRecord.name) private readonly passes: DocumentStore<CheckPassRecord>,
    private readonly sandboxes: SandboxesService,
    private readonly index: RunnableIndex,
    private readonly runner: SqlRunner,
    private readonly postgres: PostgresGradingService,
    requests: RequestConnection,
    events: EventsConnection,
    kept: KeptRegistry,
  ) {
    const drop = (key: string | null) => (key === null ? this.progressKept.clear() : this.progressKept.delete(key));
    this.progressChanges = new ChangeBroadcast(requests, events, CHECK_PROGRESS_CHANGES, drop, kept);
  }

  /** 400 unless the check is well formed and its reference grades on the course's sandbox, visible and hidden data alike. */
  async add(projectId: string, check: CheckDto): Promise<Project> {
    const record = checkRecordOf(check, new Types.ObjectId());
    await this.refuseCheck(await this.load(projectId), storedCheckOf(record));
    return this.changeChecks(projectId, (checks) => [...checks, record]);
  }

  /**
   * Rewrites check `id` in its place, checked like an added one. A check that grades differently (a
   * changed reference, verification, probe or quiz answer) gets a new `_id`: passes and failures
   * are kept by check id, so the ones earned against the old version stop counting; a new wording,
   * hints or explanation keep it.
   */
  async update(projectId: string, check: UpdateCheckDto): Promise<Project> {
    const project = await this.load(projectId);
    checkOf(project.checks ?? [], check.id);
    const edited = checkRecordOf(check, new Types.ObjectId());
    await this.refuseCheck(project, storedCheckOf(edited));
    // Read again under the lock: the check may have gone while the reference ran.
    return this.changeChecks(projectId, (checks) => {
      const old = checkOf(checks, check.id);
      const kept = gradesAlike(storedCheckOf(old), storedCheckOf(edited)) ? { ...edited, _id: old._id } : edited;
      return checks.map((check) => (check === old ? kept : check));
    });
  }

  async delete(projectId: string, id: string): Promise<Project> {
    return this.changeChecks(projectId, (checks) => {
      const gone = checkOf(checks, id);
      return checks.filter((check) => check !== gone);
    });
  }

  /**
   * Grades the learner's answer; a pass is remembered, a fail counted (it unlocks the next hint).
   * 400 when the answer is not the shape the check's kind takes; never throws for what the answer does.
   */
  async attempt(projectId: string, { userId, checkId, ...answer }: AttemptMessageDto): Promise<AttemptResult> {
    const { project, check } = await this.checkOf(projectId, checkId);
    const graded = await this.grade(userId, project.courseId, check, answer);
    const key = checkPassKey(userId, projectId);
    const known = await this.progress(key);
    // A pass already recorded writes nothing and waits for no other write (the attempts rate is mostly these);
    // nor does a failure past the third: it unlocks nothing more (hints ≤ 3, the solution after 3).
    const changes = graded.passed ? !known.passed.includes(checkId) : graded.counts && failuresOf(known, checkId) < SOLUTION_AFTER_FAILURES;
    const progress = !changes
      ? known
      : await this.passes.atomically(key, async () => {
          const current = await this.progress(key);
          // check.attempted rides on the write these attempts make anyway (the outbox: one document write).
          const attempted = () => attemptedEvent({ userId, projectId, check, passed: graded.passed, failuresBefore: failuresOf(current, checkId), answer, message: graded.message });
          if (graded.passed && !current.passed.includes(checkId)) return this.write(key, { $addToSet: { passed: checkId } }, (p) => p.passed.push(checkId), attempted());
          if (!graded.passed && failuresOf(current, checkId) < SOLUTION_AFTER_FAILURES) {
            return this.write(key, { $inc: { [`failures.${checkId}`]: 1 } }, (p) => (p.failures[checkId] = failuresOf(p, checkId) + 1), attempted());
          }
          return current;
        });
    const { counts: _counts, ...result } = graded;
    return { ...result, ...hintsAndSolution(check, progress) };
  }

  /** The model answer with its explanation, once the learner failed the check 3 times (or passed it); a reveal before passing is recorded. */
  async solution({ projectId, userId, checkId }: CheckSolutionRequestDto): Promise<CheckSolution> {
    const { check } = await this.checkOf(projectId, checkId);
    const key = checkPassKey(userId, projectId);
    await this.passes.atomically(key, async () => {
      const progress = await this.progress(key);
      if (!hintsAndSolution(check, progress).solutionAvailable) throw forbidden(SOLUTION_LOCKED_MESSAGE);
      if (progress.passed.includes(checkId) || progress.solutionShown.includes(checkId)) return;
      const shown = domainEvent(EVENT_SUBJECTS.solutionShown, { entityId: checkId, userId, projectId });
      await this.write(key, { $addToSet: { solutionShown: checkId } }, (p) => p.solutionShown.push(checkId), shown);
    });
    return { solution: solutionOf(check), explanation: check.explanation, ...(check.alternative ? { alternative: check.alternative } : {}) };
  }

  /** The project's checks the learner has not passed (none for a project without checks). */
  async left(request: ChecksLeftRequestDto): Promise<ChecksLeft> {
    const { checks, progress } = await this.progressOf(request);
    const passed = new Set(progress.passed);
    return { left: checks.filter((check) => !passed.has(check._id)).map(learnerCheckOf) };
  }

  /** The learner's progress on the project's current checks, in the project's order (a deleted check's is not listed). */
  async passedOf(request: ChecksLeftRequestDto): Promise<CheckPasses> {
    const { checks, progress } = await this.progressOf(request);
    const answer: CheckPasses = { passed: [], solutionShown: [], hints: {}, failures: {} };
    for (const check of checks) {
      if (progress.passed.includes(check._id)) answer.passed.push(check._id);
      if (progress.solutionShown.includes(check._id)) answer.solutionShown.push(check._id);
      const { hints, failures } = hintsAndSolution(check, progress);
      if (hints.length > 0) answer.hints[check._id] = hints;
      if (failures > 0) answer.failures[check._id] = failures;
    }
    return answer;
  }

  /** Every check of a project as stored (export). */
  async storedChecks(projectId: string): Promise<StoredCheck[]> {
    return (await this.index.checksOf(projectId))?.checks ?? [];
  }

  /** A project's checks whole, for the admin's check editor; 404 for an unknown project. */
  async stored(projectId: string): Promise<StoredChecks> {
    const project = await this.index.checksOf(projectId);
    if (!project) throw notFound(PROJECT_NOT_FOUND_MESSAGE);
    return { checks: project.checks };
  }

  /** Why a check cannot be saved on this project: its course's sandbox must run its reference on both datasets (a slow call: outside the lock). */
  async refuseCheck(project: { courseId: unknown }, check: StoredCheck): Promise<void> {
    const graded = gradedCheckOf(check);
    if (!graded) return;
    if (!project.courseId) throw badRequest('Attach the project to a course with a sandbox before adding checks.');
    const sandbox = await this.sandboxes.forRun(String(project.courseId));
    // A check graded on PostgreSQL only (ROLLUP, JSONB operators) is not run on SQLite: its sandbox must still be SQL.
    if (isPostgresOnly(check) && sandbox?.kind !== 'sql') throw badRequest('A check graded on PostgreSQL only needs a course with a SQL sandbox.');
    const refused = isPostgresOnly(check) ? null : await this.sandboxes.referenceRefusal(sandbox, graded);
    if (refused) throw badRequest(refused);
    // And on PostgreSQL, when it is reachable (issue 32): a reference that fails there is refused the same way.
    if (sandbox?.kind === 'sql' && (check.kind === 'query' || check.kind === 'state')) {
      const onPostgres = await this.postgres.referenceRefusal(sandbox, postgresCheckOf(check), isPostgresOnly(check));
      if (onPostgres) throw badRequest(onPostgres.startsWith('On PostgreSQL') ? onPostgres : `On PostgreSQL: ${onPostgres}`);
    }
  }

  private async checkOf(projectId: string, checkId: string): Promise<{ project: ProjectChecks; check: StoredCheck }> {
    const project = await this.index.checksOf(projectId);
    if (!project) throw notFound(PROJECT_NOT_FOUND_MESSAGE);
    const check = project.checks.find((candidate) => candidate._id === checkId);
    if (!check) throw notFound(CHECK_NOT_FOUND_MESSAGE);
    return { project, check };
  }

  /** The verdict, and whether it counts as a failed attempt (not when the check itself could not be run). */
  private async grade(userId: string, courseId: string | null, check: StoredCheck, answer: { sql?: string; query?: string; answer?: QuizAnswerValue; engine?: SqlEngine }): Promise<GradedAttempt & { counts: boolean }> {
    const refused = checkAnswerRefusal(check, answer);
    if (refused) throw badRequest(refused);
    // Refused before any work and never counted: the learner switches the engine and tries again.
    if (isPostgresOnly(check) && answer.engine !== 'postgres') throw badRequest(POSTGRES_ONLY_MESSAGE);
    if (check.kind === 'quiz') return { ...gradeQuiz(check.quiz, answer.answer as QuizAnswerValue), counts: true };
    const sandbox = courseId ? await this.sandboxes.forRun(courseId) : null;
    const kind = check.kind === 'mongo' ? 'mongo' : 'sql';
    if (!sandbox || sandbox.kind !== kind) return { passed: false, message: `This project's course has no ${kind === 'sql' ? 'SQL' : 'mongo'} sandbox to run the check on.`, counts: false };
    if (answer.engine === 'postgres' && (check.kind === 'query' || check.kind === 'state')) {
      return { ...(await this.postgres.grade(userId, sandbox, postgresCheckOf(check), answer.sql as string)), counts: true };
    }
    const job = { op: 'attempt', sandboxKey: sandbox.key, source: scriptsOf(sandbox), check: gradedCheckOf(check) as GradedCheck, answer: (answer.sql ?? answer.query) as string } as const;
    const reply = await this.runner.run(job, { userId });
    if (reply === TIMED_OUT) return { passed: false, message: `Your query ran longer than ${SQL_TIME_LIMIT_MS / 1000} s and was stopped.`, counts: true };
    if ('error' in reply) return { passed: false, message: `The check could not be run: ${reply.error}`, counts: false };
    if (!('passed' in reply)) throw new Error('A SQL worker answered an attempt with something else.');
    return { ...reply, counts: true };
  }

  /** The project's checks and the learner's progress: one read by `_id` at most, none for a project without checks. */
  private async progressOf({ projectId, userId }: ChecksLeftRequestDto): Promise<{ checks: StoredCheck[]; progress: Progress }> {
    const project = await this.index.checksOf(projectId);
    if (!project) throw notFound(PROJECT_NOT_FOUND_MESSAGE);
    if (project.checks.length === 0) return { checks: [], progress: { passed: [], failures: {}, solutionShown: [] } };
    return { checks: project.checks, progress: await this.progress(checkPassKey(userId, projectId)) };
  }

  /** A learner's progress on a project: kept in memory once read or written here, else one read by `_id`. */
  private async progress(key: string): Promise<Progress> {
    const kept = this.progressKept.get(key);
    if (kept) return kept;
    const record = await this.passes.findById<CheckPassRecord>(key, { passed: 1, failures: 1, solutionShown: 1 });
    const progress = { passed: record?.passed ?? [], failures: { ...(record?.failures ?? {}) }, solutionShown: record?.solutionShown ?? [] };
    this.keep(key, progress);
    return progress;
  }

  /** One upsert of the learner's document with its event (always inside `passes.atomically`), then memory follows. */
  private async write(key: string, update: UpdateQuery<CheckPassRecord>, apply: (progress: Progress) => void, event: PendingEvent): Promise<Progress> {
    const progress = await this.progress(key);
    await this.passes.upsert(key, update, event);
    // Dropped here too: the next read takes what the database holds, whoever wrote last.
    await this.progressChanges.announce(key);
    apply(progress);
    return progress;
  }

  private keep(key: string, progress: Progress): void {
    if (this.progressKept.size >= RECORDS_KEPT) this.progressKept.delete(this.progressKept.keys().next().value as string);
    this.progressKept.set(key, progress);
  }

  /** Rewrites the project's checks whole (with project.updated, so every instance's index follows), as one step. */
  private changeChecks(projectId: string, change: (checks: CheckRecord[]) => CheckRecord[]): Promise<Project> {
    return this.projects.atomically(projectId, async () => {
      const record = await this.load(projectId);
      const checks = change(record.checks ?? []);
      const courseId = record.courseId ? String(record.courseId) : null;
      const event = domainEvent(EVENT_SUBJECTS.projectUpdated, { entityId: projectId, title: record.title, difficulty: record.difficulty, courseId });
      const found = await this.projects.update(projectId, { $set: { checks } }, event);
      if (!found) throw notFound(PROJECT_NOT_FOUND_MESSAGE);
      const written = { ...record, checks };
      this.index.projectWritten(written);
      return toProject(written);
    });
  }

  private async load(projectId: string): Promise<ProjectRecord> {
    const record = await this.projects.findById<ProjectRecord>(projectId, { ...PROJECT_FIELDS, createdAt: 1 });
    if (!record) throw notFound(PROJECT_NOT_FOUND_MESSAGE);
    return record;
  }
}

/** Check `id` of `checks`; 404 when there is none. */
function checkOf(checks: CheckRecord[], id: string): CheckRecord {
  const check = checks.find((candidate) => String(candidate._id) === id);
  if (!check) throw notFound(CHECK_NOT_FOUND_MESSAGE);
  return check;
}

/** The learner's answer as the event carries it: the query as sent, a quiz answer as JSON, cut to ANSWER_KEPT characters. */
function answerText({ sql, query, answer }: { sql?: string; query?: string; answer?: QuizAnswerValue }): string {
  return (sql ?? query ?? JSON.stringify(answer ?? null)).slice(0, ANSWER_KEPT);
}

function attemptedEvent(attempt: {
  userId: string;
  projectId: string;
  check: StoredCheck;
  passed: boolean;
  failuresBefore: number;
  answer: { sql?: string; query?: string; answer?: QuizAnswerValue };
  message: string;
}): PendingEvent {
  const { userId, projectId, check, passed, failuresBefore, answer, message } = attempt;
  return domainEvent(EVENT_SUBJECTS.checkAttempted, {
    entityId: check._id,
    userId,
    projectId,
    passed,
    failuresBefore,
    answer: answerText(answer),
    failureKind: passed ? null : failureKindOf(check.kind, message),
  });
}

/** The failures counted on a check: at most SOLUTION_AFTER_FAILURES, past which a failure unlocks nothing. */
function failuresOf(progress: Progress, checkId: string): number {
  return progress.failures[checkId] ?? 0;
}

/** The hints unlocked (one per failure), the failures and whether the solution may be revealed (after 3 failures, or once passed). */
function hintsAndSolution(check: StoredCheck, progress: Progress): Pick<AttemptResult, 'hints' | 'failures' | 'solutionAvailable'> {
  const failures = progress.failures[check._id] ?? 0;
  return { hints: check.hints.slice(0, failures), failures, solutionAvailable: failures >= SOLUTION_AFTER_FAILURES || progress.passed.includes(check._id) };
}

