import { type Course, type Sandbox, SANDBOX_NOT_FOUND_MESSAGE, type SandboxKind, SQL_TIME_LIMIT_MS } from '@dblearn/contracts';
import { type GradedCheck, mongoSandboxRefusal } from '@dblearn/lab';
import { badRequest, isDuplicateKeyError, notFound } from '@dblearn/nest-common';
import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { createHash } from 'node:crypto';
import type { Model } from 'mongoose';
import { createdAtOf } from '../common/identity.js';
import type { CourseSandboxRecord } from '../courses/course.schema.js';
import { CoursesService } from '../courses/courses.service.js';
import type { SandboxScripts, SqlJob, SqlJobReply } from '../sql-runner/sql-jobs.js';
import { SqlRunner, TIMED_OUT } from '../sql-runner/sql-runner.js';
import { RunnableIndex } from './runnable.read-models.js';
import { SandboxSourceRecord } from './sandbox-source.schema.js';

/** A sandbox ready to run: `key` names both of its datasets (a worker builds each once). */
export interface RunnableSandbox {
  kind: SandboxKind;
  source: string;
  /** The admin's hidden variant; null when it is derived from `source`. */
  hiddenSource: string | null;
  key: string;
}

/** Scripts kept in memory; they never change under their hash. */
const SOURCES_KEPT = 64;

/**
 * Courses' practice databases (CONTRACT "Runnable SQL"): checked on save, stored by hash, each with
 * its hidden variant (the admin's script, or derived from the visible one by the workers).
 */
@Injectable()
export class SandboxesService {
  private readonly sources = new Map<string, Sandbox>();

  constructor(
    @InjectModel(SandboxSourceRecord.name) private readonly sandboxSources: Model<SandboxSourceRecord>,
    private readonly courses: CoursesService,
    private readonly index: RunnableIndex,
    private readonly runner: SqlRunner,
  ) {}

  /**
   * Checks the script and its hidden variant (SQL: each runs on an empty database; mongo: the JSON's
   * shape), then `alsoRefused` (PostgreSQL's judgement, sandbox-admin), stores them, points the course at them.
   */
  async put(courseId: string, sandbox: Sandbox, alsoRefused: (sandbox: RunnableSandbox) => Promise<string | null> = async () => null): Promise<Course> {
    await this.courses.assertExists(courseId);
    const refused = (await this.refusal(sandbox)) ?? (await alsoRefused(runnableOf(sandbox)));
    if (refused) throw badRequest(refused);
    const pointer = await this.store(sandbox);
    const course = await this.courses.setSandbox(courseId, pointer);
    this.index.courseWritten({ _id: courseId, createdAt: createdAtOf(courseId), sandbox: pointer });
    return course;
  }

  /** 404 when the course has none (or there is no such course); the hidden variant only for admins (`withHidden`). */
  async find(courseId: string, withHidden = false): Promise<Sandbox> {
    const sandbox = await this.forRun(courseId);
    if (!sandbox) throw notFound(SANDBOX_NOT_FOUND_MESSAGE);
    return withHidden ? { kind: sandbox.kind, source: sandbox.source, hiddenSource: sandbox.hiddenSource } : { kind: sandbox.kind, source: sandbox.source };
  }

  /** The course's sandbox with its hidden variant and key, or null when it has none. */
  async forRun(courseId: string): Promise<RunnableSandbox | null> {
    const pointer = await this.index.sandboxOf(courseId);
    return pointer && this.runnable(pointer);
  }

  /** Both scripts a pointer names, ready to run; null when one is gone. */
  async runnable(pointer: CourseSandboxRecord): Promise<RunnableSandbox | null> {
    const visible = await this.source(pointer.hash);
    const hidden = pointer.hiddenHash ? await this.source(pointer.hiddenHash) : null;
    if (!visible || (pointer.hiddenHash && !hidden)) return null;
    return { kind: visible.kind, source: visible.source, hiddenSource: hidden?.source ?? null, key: runnableKey(pointer) };
  }

  /** Stores a checked script and its hidden variant under their hashes (idempotent) and answers the course's pointer to them. */
  async store(sandbox: Sandbox): Promise<CourseSandboxRecord> {
    const hash = await this.storeScript(sandbox.kind, sandbox.source);
    const hiddenHash = sandbox.hiddenSource ? await this.storeScript(sandbox.kind, sandbox.hiddenSource) : null;
    return { kind: sandbox.kind, hash, hiddenHash };
  }

  private async storeScript(kind: SandboxKind, source: string): Promise<string> {
    const hash = sandboxHash({ kind, source });
    try {
      await this.sandboxSources.updateOne({ _id: hash }, { $setOnInsert: { kind, source } }, { upsert: true }).exec();
    } catch (error) {
      // Two saves of one script at once both upsert it; the second insert loses with E11000. The
      // document is keyed by its content's hash, so the one that won stored the same script.
      if (!isDuplicateKeyError(error)) throw error;
    }
    return hash;
  }

  /** The scripts a pointer names (export): `hiddenSource` null when derived. */
  async byPointer(pointer: CourseSandboxRecord | null | undefined): Promise<Sandbox | null> {
    const sandbox = pointer ? await this.runnable(pointer) : null;
    return sandbox && { kind: sandbox.kind, source: sandbox.source, hiddenSource: sandbox.hiddenSource };
  }

  /** Why a check's reference cannot be graded on this sandbox (on its visible or its hidden data), or null. */
  async referenceRefusal(sandbox: RunnableSandbox | null, check: GradedCheck): Promise<string | null> {
    const kind = check.kind === 'mongo' ? 'mongo' : 'sql';
    if (!sandbox || sandbox.kind !== kind) {
      return kind === 'sql' ? "The project's course has no SQL sandbox: give it one before adding checks." : "The project's course has no mongo sandbox: give it one before adding mongo checks.";
    }
    // Only admins save checks (and import them): their own lane in the runner.
    const reply = await this.runAdminJob({ op: 'reference', sandboxKey: sandbox.key, source: scriptsOf(sandbox), check });
    if (reply === TIMED_OUT) return `The reference ran longer than ${SQL_TIME_LIMIT_MS / 1000} s and was stopped.`;
    return 'error' in reply ? reply.error : null;
  }

  /** Why a sandbox cannot be saved, or null; the reason names the line, and says when it is the hidden variant's. */
  async refusal(sandbox: Sandbox): Promise<string | null> {
    const refused = await this.scriptRefusal(sandbox.kind, sandbox.source, 'The sandbox script');
    if (refused || !sandbox.hiddenSource) return refused;
    return this.scriptRefusal(sandbox.kind, sandbox.hiddenSource, 'The hidden variant');
  }

  private async scriptRefusal(kind: SandboxKind, source: string, name: string): Promise<string | null> {
    if (kind === 'mongo') {
      const refused = mongoSandboxRefusal(source);
      return refused && (name === 'The sandbox script' ? refused : `${name} is not valid: ${refused}`);
    }
    const reply = await this.runAdminJob({ op: 'sandbox', source });
    if (reply === TIMED_OUT) return `${name} ran longer than ${SQL_TIME_LIMIT_MS / 1000} s and was stopped.`;
    return 'error' in reply ? `${name} does not run: ${reply.error}` : null;
  }

  /**
   * An admin's script or reference, in the admins' lane, tried once more when it timed out: one
   * that takes a second on a quiet box can pass 2 s on a cold worker of a busy one (the content sync
   * at start once refused a shipped course so). A real runaway costs two time limits, not one.
   */
  private async runAdminJob(job: SqlJob): Promise<SqlJobReply | typeof TIMED_OUT> {
    const reply = await this.runner.run(job, { admin: true });
    return reply === TIMED_OUT ? this.runner.run(job, { admin: true }) : reply;
  }

  private async source(hash: string): Promise<Sandbox | null> {
    const kept = this.sources.get(hash);
    if (kept) return kept;
    const record = await this.sandboxSources.findById(hash, { kind: 1, source: 1 }).lean<SandboxSourceRecord>().exec();
    if (!record) return null;
    const sandbox = { kind: record.kind, source: record.source };
    if (this.sources.size >= SOURCES_KEPT) this.sources.delete(this.sources.keys().next().value as string);
    this.sources.set(hash, sandbox);
    return sandbox;
  }
}

/** Names a course's two datasets: its script's hash and its hidden variant's (or that it is derived). */
function runnableKey({ hash, hiddenHash }: CourseSandboxRecord): string {
  return `${hash}:${hiddenHash ?? 'derived'}`;
}

/** What a worker builds both datasets from. */
export function scriptsOf(sandbox: RunnableSandbox): SandboxScripts {
  return { visible: sandbox.source, hidden: sandbox.hiddenSource };
}

/** The key and scripts of a sandbox not stored yet (an import checks its checks against it). */
export function runnableOf(sandbox: Sandbox): RunnableSandbox {
  const hiddenSource = sandbox.hiddenSource ?? null;
  const hash = sandboxHash(sandbox);
  return { kind: sandbox.kind, source: sandbox.source, hiddenSource, key: runnableKey({ kind: sandbox.kind, hash, hiddenHash: hiddenSource && sandboxHash({ kind: sandbox.kind, source: hiddenSource }) }) };
}

/** Names a script by its kind and text. */
export function sandboxHash({ kind, source }: { kind: SandboxKind; source: string }): string {
  return createHash('sha256').update(kind).update('\u0000').update(source).digest('hex');
}
