import { EVENT_SUBJECTS, type SandboxKind, type StoredCheck } from '@dblearn/contracts';
import { type ReadModel, ReadModels } from '@dblearn/nest-common';
import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { AnyObject, Model } from 'mongoose';
import { storedCheckOf } from '../projects/check-records.js';
import { idOf, idOrNull } from '../common/views.js';
import { CourseRecord, type CourseSandboxRecord } from '../courses/course.schema.js';
import { type CheckRecord, ProjectRecord } from '../common/project.schema.js';

interface SandboxPointer {
  _id: string;
  createdAt: number;
  kind: SandboxKind | null;
  hash: string | null;
  hiddenHash: string | null;
}

export interface ProjectChecks {
  _id: string;
  createdAt: number;
  /** For the authors' check analysis (issue 34). */
  title: string;
  courseId: string | null;
  checks: StoredCheck[];
}

const time = (value: unknown) => (value instanceof Date ? value.getTime() : 0);

/**
 * What an attempt needs, in memory on every instance (the kit's read models, following course and
 * project events): which sandbox each course has and each project's checks with their reference
 * queries. An attempt then reads nothing from the database. Anything not in memory (created a
 * moment ago on another instance, or READ_MODEL=off) is read by `_id`.
 */
@Injectable()
export class RunnableIndex {
  private readonly sandboxes: ReadModel<SandboxPointer>;
  private readonly projectChecks: ReadModel<ProjectChecks>;

  constructor(
    @InjectModel(CourseRecord.name) private readonly courses: Model<CourseRecord>,
    @InjectModel(ProjectRecord.name) private readonly projects: Model<ProjectRecord>,
    readModels: ReadModels,
  ) {
    this.sandboxes = readModels.create<SandboxPointer>({
      name: 'course-sandboxes',
      model: courses,
      projection: { sandbox: 1, createdAt: 1 },
      toSummary: toSandboxPointer,
      orderBy: 'createdAt',
      direction: 'asc',
      // Every course write, the sandbox's included, publishes course.updated.
      follow: { [EVENT_SUBJECTS.courseUpdated]: true, [EVENT_SUBJECTS.courseDeleted]: true },
    });
    this.projectChecks = readModels.create<ProjectChecks>({
      name: 'project-checks',
      model: projects,
      projection: { title: 1, courseId: 1, checks: 1, createdAt: 1 },
      toSummary: toProjectChecks,
      orderBy: 'createdAt',
      direction: 'asc',
      follow: {
        [EVENT_SUBJECTS.projectUpdated]: true,
        [EVENT_SUBJECTS.projectDeleted]: true,
        [EVENT_SUBJECTS.courseDeleted]: (event) => (event.projectIds as string[] | undefined) ?? [],
      },
    });
  }

  /** The course's sandbox pointer; null when it has none or there is no such course. */
  async sandboxOf(courseId: string): Promise<CourseSandboxRecord | null> {
    const pointer = this.sandboxes.get(courseId) ?? (await this.readPointer(courseId));
    return pointer?.kind && pointer.hash ? { kind: pointer.kind, hash: pointer.hash, hiddenHash: pointer.hiddenHash } : null;
  }

  /** The project's course and checks; null when there is no such project. */
  async checksOf(projectId: string): Promise<ProjectChecks | null> {
    const listed = this.projectChecks.get(projectId);
    if (listed) return listed;
    const doc = await this.projects.findById(projectId, { title: 1, courseId: 1, checks: 1, createdAt: 1 }).lean<AnyObject>().exec();
    return doc ? toProjectChecks(doc) : null;
  }

  /** After this instance wrote a course's sandbox or a project's checks: memory follows at once. */
  courseWritten(doc: AnyObject): void {
    this.sandboxes.written(doc);
  }

  projectWritten(doc: AnyObject): void {
    this.projectChecks.written(doc);
  }

  private async readPointer(courseId: string): Promise<SandboxPointer | null> {
    const doc = await this.courses.findById(courseId, { sandbox: 1, createdAt: 1 }).lean<AnyObject>().exec();
    return doc ? toSandboxPointer(doc) : null;
  }
}

function toSandboxPointer(doc: AnyObject): SandboxPointer {
  const sandbox = doc.sandbox as CourseSandboxRecord | null | undefined;
  return { _id: idOf(doc._id), createdAt: time(doc.createdAt), kind: sandbox?.kind ?? null, hash: sandbox?.hash ?? null, hiddenHash: sandbox?.hiddenHash ?? null };
}

function toProjectChecks(doc: AnyObject): ProjectChecks {
  const checks = (doc.checks as CheckRecord[] | undefined) ?? [];
  return {
    _id: idOf(doc._id),
    createdAt: time(doc.createdAt),
    title: typeof doc.title === 'string' ? doc.title : '',
    courseId: idOrNull(doc.courseId),
    checks: checks.map(storedCheckOf),
  };
}
