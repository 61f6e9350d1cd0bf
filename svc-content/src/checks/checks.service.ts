import {
  type AttemptResult,
  CHECK_NOT_FOUND_MESSAGE,
  type CheckPasses,
  type ChecksLeft,
  EVENT_SUBJECTS,
  type Project,
  PROJECT_NOT_FOUND_MESSAGE,
  SQL_TIME_LIMIT_MS,
  type StoredCheck,
  type StoredChecks,
} from '@dblearn/contracts';
import type { AddCheckRequestDto, AttemptRequestDto, ChecksLeftRequestDto, DeleteCheckRequestDto, UpdateCheckRequestDto } from '@dblearn/contracts/dto';
import { badRequest, domainEvent, EventOutbox, KeyedLock, notFound } from '@dblearn/nest-common';
import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type Model, Types } from 'mongoose';
import { ItemLocks } from '../item-locks/item-locks.js';
import { type CheckRecord, ProjectRecord } from '../projects/project.schema.js';
import { PROJECT_FIELDS, toProject } from '../projects/project.views.js';
import { RunnableIndex } from '../sandboxes/runnable.read-models.js';
import { SandboxesService } from '../sandboxes/sandboxes.service.js';
import { SqlRunner, TIMED_OUT } from '../sql-runner/sql-runner.js';
import { CheckPassRecord, checkPassKey } from './check-pass.schema.js';

/** Passes this instance has recorded, so a learner re-running a passed check costs no write. */
const KNOWN_PASSES_KEPT = 100_000;

/**
 * Checked projects (CONTRACT "Runnable SQL"): admins add and remove checks, learners' attempts run
 * against the reference on the course's sandbox in the SQL workers, passes are remembered, and
 * svc-users asks what is left before it records a project as finished.
 */
@Injectable()
export class ChecksService {
  /** Per learner and project: their pass document's writes (the project's own writes are under ItemLocks). */
  private readonly passLocks = new KeyedLock();
  private readonly knownPasses = new Set<string>();

  constructor(
    @InjectModel(ProjectRecord.name) private readonly projects: Model<ProjectRecord>,
    @InjectModel(CheckPassRecord.name) private readonly passes: Model<CheckPassRecord>,
    private readonly sandboxes: SandboxesService,
    private readonly index: RunnableIndex,
    private readonly runner: SqlRunner,
    private readonly outbox: EventOutbox,
    private readonly items: ItemLocks,
  ) {}

  /** 400 unless the project's course has a SQL sandbox and the reference runs on it. */
  async add({ projectId, task, referenceSql }: AddCheckRequestDto): Promise<Project> {
    await this.refuseReference(await this.load(projectId), referenceSql);
    return this.changeChecks(projectId, (checks) => [...checks, { _id: new Types.ObjectId(), task, referenceSql }]);
  }

  /**
   * Rewrites check `id` in its place, its reference checked like an added one. A changed reference
   * gives the check a new `_id`: passes are kept by check id, so the ones earned against the old
   * reference stop counting (Finish and the passes call read only current ids); a new wording keeps it.
   */
  async update({ projectId, id, task, referenceSql }: UpdateCheckRequestDto): Promise<Project> {
    const project = await this.load(projectId);
    checkOf(project.checks ?? [], id);
    await this.refuseReference(project, referenceSql);
    // Read again under the lock: the check may have gone while the reference ran.
    return this.changeChecks(projectId, (checks) => {
      const old = checkOf(checks, id);
      const edited = { _id: old.referenceSql === referenceSql ? old._id : new Types.ObjectId(), task, referenceSql };
      return checks.map((check) => (check === old ? edited : check));
    });
  }

  async delete({ projectId, id }: DeleteCheckRequestDto): Promise<Project> {
    return this.changeChecks(projectId, (checks) => {
      const gone = checkOf(checks, id);
      return checks.filter((check) => check !== gone);
    });
  }

  /** Runs the learner's query against the check's reference; a pass is remembered. Never throws for what the query does. */
  async attempt({ projectId, userId, checkId, sql }: AttemptRequestDto): Promise<AttemptResult> {
    const project = await this.index.checksOf(projectId);
    if (!project) throw notFound(PROJECT_NOT_FOUND_MESSAGE);
    const check = project.checks.find((candidate) => candidate._id === checkId);
    if (!check) throw notFound(CHECK_NOT_FOUND_MESSAGE);
    const sandbox = project.courseId ? await this.sandboxes.forRun(project.courseId) : null;
    if (!sandbox || sandbox.kind !== 'sql') return { passed: false, message: "This project's course has no SQL sandbox to run the check on." };
    const reply = await this.runner.run({ op: 'attempt', sandboxKey: sandbox.key, source: sandbox.source, referenceSql: check.referenceSql, sql }, { userId });
    if (reply === TIMED_OUT) return { passed: false, message: `Your query ran longer than ${SQL_TIME_LIMIT_MS / 1000} s and was stopped.` };
    if ('error' in reply) return { passed: false, message: `The check could not be run: ${reply.error}` };
    if (!('passed' in reply)) throw new Error('A SQL worker answered an attempt with something else.');
    if (reply.passed) await this.recordPass(userId, projectId, checkId);
    return reply;
  }

  /** The project's checks the learner has not passed (none for a project without checks). */
  async left(request: ChecksLeftRequestDto): Promise<ChecksLeft> {
    const { checks, passed } = await this.passedChecks(request);
    return { left: checks.filter((check) => !passed.has(check._id)).map(({ _id, task }) => ({ _id, task })) };
  }

  /** The project's current checks the learner has passed, in the project's order (a deleted check's pass is not one). */
  async passedOf(request: ChecksLeftRequestDto): Promise<CheckPasses> {
    const { checks, passed } = await this.passedChecks(request);
    return { passed: checks.filter((check) => passed.has(check._id)).map((check) => check._id) };
  }

  /** Every check of a project as stored (export). */
  async storedChecks(projectId: string): Promise<StoredCheck[]> {
    return (await this.index.checksOf(projectId))?.checks ?? [];
  }

  /** A project's checks with their reference queries, for the admin's check editor; 404 for an unknown project. */
  async stored(projectId: string): Promise<StoredChecks> {
    const project = await this.index.checksOf(projectId);
    if (!project) throw notFound(PROJECT_NOT_FOUND_MESSAGE);
    return { checks: project.checks };
  }

  /** The project's checks and the learner's passes: one read by `_id`, none for a project without checks. */
  private async passedChecks({ projectId, userId }: ChecksLeftRequestDto): Promise<{ checks: StoredCheck[]; passed: Set<string> }> {
    const project = await this.index.checksOf(projectId);
    if (!project) throw notFound(PROJECT_NOT_FOUND_MESSAGE);
    if (project.checks.length === 0) return { checks: [], passed: new Set() };
    const record = await this.passes.findById(checkPassKey(userId, projectId), { passed: 1 }).lean<CheckPassRecord>().exec();
    return { checks: project.checks, passed: new Set(record?.passed ?? []) };
  }

  /** One write per learner, project and check at most; writes for one learner and project are queued (FerretDB loses concurrent updates). */
  private async recordPass(userId: string, projectId: string, checkId: string): Promise<void> {
    const key = checkPassKey(userId, projectId);
    if (this.knownPasses.has(`${key}:${checkId}`)) return;
    await this.passLocks.run(key, () => this.passes.updateOne({ _id: key }, { $addToSet: { passed: checkId } }, { upsert: true }).exec());
    if (this.knownPasses.size >= KNOWN_PASSES_KEPT) this.knownPasses.clear();
    this.knownPasses.add(`${key}:${checkId}`);
  }

  /** Rewrites the project's checks whole (with project.updated, so every instance's index follows), under the project's lock. */
  private changeChecks(projectId: string, change: (checks: CheckRecord[]) => CheckRecord[]): Promise<Project> {
    return this.items.run(projectId, async () => {
      const record = await this.load(projectId);
      const checks = change(record.checks ?? []);
      const courseId = record.courseId ? String(record.courseId) : null;
      const event = domainEvent(EVENT_SUBJECTS.projectUpdated, { entityId: projectId, title: record.title, difficulty: record.difficulty, courseId });
      const found = await this.outbox.update(this.projects, projectId, { $set: { checks } }, event);
      if (!found) throw notFound(PROJECT_NOT_FOUND_MESSAGE);
      const written = { ...record, checks };
      this.index.projectWritten(written);
      return toProject(written);
    });
  }

  /** 400 unless the project belongs to a course whose SQL sandbox runs the reference (a slow call: outside the lock). */
  private async refuseReference(project: ProjectRecord, referenceSql: string): Promise<void> {
    if (!project.courseId) throw badRequest('Attach the project to a course with a SQL sandbox before adding checks.');
    const refused = await this.sandboxes.referenceRefusal(await this.sandboxes.forRun(String(project.courseId)), referenceSql);
    if (refused) throw badRequest(refused);
  }

  private async load(projectId: string): Promise<ProjectRecord> {
    const record = await this.projects.findById(projectId, { ...PROJECT_FIELDS, createdAt: 1 }).lean<ProjectRecord>().exec();
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
