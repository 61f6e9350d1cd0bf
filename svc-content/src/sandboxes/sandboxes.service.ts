import { type Course, mongoSandboxRefusal, type Sandbox, SANDBOX_NOT_FOUND_MESSAGE, type SandboxKind, SQL_TIME_LIMIT_MS } from '@dblearn/contracts';
import { badRequest, notFound } from '@dblearn/nest-common';
import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { createHash } from 'node:crypto';
import type { Model } from 'mongoose';
import { createdAtOf } from '../common/identity.js';
import type { CourseSandboxRecord } from '../courses/course.schema.js';
import { CoursesService } from '../courses/courses.service.js';
import { SqlRunner, TIMED_OUT } from '../sql-runner/sql-runner.js';
import { RunnableIndex } from './runnable.read-models.js';
import { SandboxSourceRecord } from './sandbox-source.schema.js';

/** A sandbox ready to run: `key` names its script (a worker builds each script once). */
export interface RunnableSandbox extends Sandbox {
  key: string;
}

/** Scripts kept in memory; they never change under their hash. */
const SOURCES_KEPT = 64;

/** Courses' practice databases (CONTRACT "Runnable SQL"): checked on save, stored by hash. */
@Injectable()
export class SandboxesService {
  private readonly sources = new Map<string, Sandbox>();

  constructor(
    @InjectModel(SandboxSourceRecord.name) private readonly sandboxSources: Model<SandboxSourceRecord>,
    private readonly courses: CoursesService,
    private readonly index: RunnableIndex,
    private readonly runner: SqlRunner,
  ) {}

  /** Checks the script (SQL: runs it on an empty database; mongo: the JSON's shape), stores it, points the course at it. */
  async put(courseId: string, sandbox: Sandbox): Promise<Course> {
    await this.courses.assertExists(courseId);
    const refused = await this.refusal(sandbox);
    if (refused) throw badRequest(refused);
    const pointer = await this.store(sandbox);
    const course = await this.courses.setSandbox(courseId, pointer);
    this.index.courseWritten({ _id: courseId, createdAt: createdAtOf(courseId), sandbox: pointer });
    return course;
  }

  /** 404 when the course has none (or there is no such course). */
  async find(courseId: string): Promise<Sandbox> {
    const sandbox = await this.forRun(courseId);
    if (!sandbox) throw notFound(SANDBOX_NOT_FOUND_MESSAGE);
    return { kind: sandbox.kind, source: sandbox.source };
  }

  /** The course's sandbox with its key, or null when it has none. */
  async forRun(courseId: string): Promise<RunnableSandbox | null> {
    const pointer = await this.index.sandboxOf(courseId);
    if (!pointer) return null;
    const sandbox = await this.source(pointer.hash);
    return sandbox && { ...sandbox, key: pointer.hash };
  }

  /** Stores a checked script under its hash (idempotent) and answers the course's pointer to it. */
  async store(sandbox: Sandbox): Promise<CourseSandboxRecord> {
    const hash = sandboxHash(sandbox);
    await this.sandboxSources.updateOne({ _id: hash }, { $setOnInsert: { kind: sandbox.kind, source: sandbox.source } }, { upsert: true }).exec();
    return { kind: sandbox.kind, hash };
  }

  /** The script a pointer names (export). */
  async byPointer(pointer: CourseSandboxRecord | null | undefined): Promise<Sandbox | null> {
    return pointer ? this.source(pointer.hash) : null;
  }

  /** Why a reference query cannot be a check on this sandbox, or null. */
  async referenceRefusal(sandbox: RunnableSandbox | null, referenceSql: string): Promise<string | null> {
    if (!sandbox || sandbox.kind !== 'sql') return "The project's course has no SQL sandbox: give it one before adding checks.";
    // Only admins save checks (and import them): their own lane in the runner.
    const reply = await this.runner.run({ op: 'reference', sandboxKey: sandbox.key, source: sandbox.source, referenceSql }, { admin: true });
    if (reply === TIMED_OUT) return `The reference query ran longer than ${SQL_TIME_LIMIT_MS / 1000} s and was stopped.`;
    return 'error' in reply ? `The reference query does not run on the course's sandbox: ${reply.error}` : null;
  }

  /** Why a sandbox cannot be saved, or null; the SQL reason names the line. */
  async refusal(sandbox: Sandbox): Promise<string | null> {
    if (sandbox.kind === 'mongo') return mongoSandboxRefusal(sandbox.source);
    const reply = await this.runner.run({ op: 'sandbox', source: sandbox.source }, { admin: true });
    if (reply === TIMED_OUT) return `The sandbox script ran longer than ${SQL_TIME_LIMIT_MS / 1000} s and was stopped.`;
    return 'error' in reply ? `The sandbox script does not run: ${reply.error}` : null;
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

/** Names a script by its kind and text. */
export function sandboxHash({ kind, source }: { kind: SandboxKind; source: string }): string {
  return createHash('sha256').update(kind).update('\u0000').update(source).digest('hex');
}
