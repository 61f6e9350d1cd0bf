import {
  type Course,
  COURSE_NOT_FOUND_MESSAGE,
  type CourseProjectEntry,
  type CourseTutorialEntry,
  EVENT_SUBJECTS,
  type ListPage,
  LIST_PAGE_SIZE,
  PROJECT_NOT_FOUND_MESSAGE,
  TUTORIAL_NOT_FOUND_MESSAGE,
} from '@dblearn/contracts';
import type { CourseDto, ListQueryDto } from '@dblearn/contracts/dto';
import { domainEvent, EventOutbox, KeyedLock, notFound, OutboxRelay } from '@dblearn/nest-common';
import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type Model, Types } from 'mongoose';
import { newIdentity } from '../common/identity.js';
import { ItemLocks, runAllKeys } from '../item-locks/item-locks.js';
import { ProjectRecord } from '../projects/project.schema.js';
import { TutorialRecord } from '../tutorials/tutorial.schema.js';
import { COURSE_FIELDS, toCourse } from './course.views.js';
import { CourseRecord, type CourseSandboxRecord } from './course.schema.js';
import { CoursesReadModel } from './courses.read-model.js';

type Kind = 'tutorials' | 'projects';
type Entry = { _id: Types.ObjectId | string };

/**
 * Courses and which tutorials and projects belong to them. The two sides of a membership (the
 * course's entry list and the item's `courseId`) are written here and nowhere else. Every write
 * carries its event in the same document write (EventOutbox). FerretDB has no positional or
 * conditional array updates and loses one of two concurrent updates of a document, so an entry
 * list is read, changed and written whole under a per-course lock, and an item's `courseId` is read,
 * checked and written under the item's lock, the one every writer of that item takes (ItemLocks).
 * Every read and write is by `_id` alone: FerretDB scans the whole collection for any other filter,
 * `{_id, courseId}` included.
 */
@Injectable()
export class CoursesService {
  private readonly lock = new KeyedLock();

  constructor(
    @InjectModel(CourseRecord.name) private readonly courses: Model<CourseRecord>,
    @InjectModel(TutorialRecord.name) private readonly tutorials: Model<TutorialRecord>,
    @InjectModel(ProjectRecord.name) private readonly projects: Model<ProjectRecord>,
    private readonly readModel: CoursesReadModel,
    private readonly outbox: EventOutbox,
    /** Per tutorial or project, shared with every other writer of items (taken before a course's lock, never inside one). */
    private readonly items: ItemLocks,
    relay: OutboxRelay,
  ) {
    // The relay's background clear of a course's events (after an import, say) waits for its lock too.
    relay.lockDocumentsWith(CourseRecord.name, (id, task) => this.lock.run(id, task));
  }

  list({ topic, page = 1, pageSize = LIST_PAGE_SIZE.default }: ListQueryDto): Promise<ListPage<Course>> {
    return this.readModel.page(topic, page, pageSize);
  }

  /** From memory; a course created on another instance a moment ago (or READ_MODEL=off) is read by `_id`. */
  async find(id: string): Promise<Course> {
    return this.readModel.get(id) ?? toCourse(await this.load(id));
  }

  /** From the database: what ItemCache keeps (the read model of another instance may lag a write by an event). */
  async findStored(id: string): Promise<Course> {
    return toCourse(await this.load(id));
  }

  async create(fields: CourseDto): Promise<Course> {
    const identity = newIdentity();
    const created = await this.outbox.create(
      this.courses,
      { ...identity, ...pick(fields), tutorials: [], projects: [] },
      domainEvent(EVENT_SUBJECTS.courseUpdated, { entityId: identity._id.toHexString() }),
    );
    return this.readModel.written(created.toObject());
  }

  async update(id: string, fields: CourseDto): Promise<Course> {
    return this.lock.run(id, async () => {
      const found = await this.outbox.update(this.courses, id, { $set: pick(fields) }, domainEvent(EVENT_SUBJECTS.courseUpdated, { entityId: id }));
      if (!found) throw notFound(COURSE_NOT_FOUND_MESSAGE);
      return this.readModel.written(await this.load(id));
    });
  }

  /**
   * The course, its tutorials and its projects go in one tombstone write with course.deleted naming them.
   * The items' locks are taken first (runAll), then the course's: the lock order (an item's, then a
   * course's, never the reverse) forbids taking an item's lock inside the course's, and which items to
   * take is only known from the course. So the course is read, its items' locks taken, then the course's,
   * and read again: an item attached meanwhile (it holds its own lock while it waits for the course's)
   * is not held yet, so everything is let go and taken again with it. No item changes course while the
   * delete holds it, and the cascade deletes exactly what the course lists.
   */
  async delete(id: string): Promise<Course> {
    let held = new Set<string>(itemIds(await this.load(id)));
    for (;;) {
      // The course, or the items it lists when one of them is not held yet.
      const outcome: Course | string[] = await this.items.runAll(held, () =>
        this.lock.run(id, async () => {
          const record = await this.load(id);
          const listed = itemIds(record);
          if (listed.some((itemId) => !held.has(itemId))) return listed;
          const tutorialIds = record.tutorials.map((entry) => String(entry._id));
          const projectIds = record.projects.map((entry) => String(entry._id));
          const deleted = await this.outbox.delete(this.courses, id, domainEvent(EVENT_SUBJECTS.courseDeleted, { entityId: id, tutorialIds, projectIds }), [
            { model: TutorialRecord.name, ids: tutorialIds },
            { model: ProjectRecord.name, ids: projectIds },
          ]);
          if (!deleted) throw notFound(COURSE_NOT_FOUND_MESSAGE);
          this.readModel.deleted([id]);
          return toCourse(record);
        }),
      );
      if (!Array.isArray(outcome)) return outcome;
      held = new Set([...held, ...outcome]);
    }
  }

  /** Holds every listed course's lock (sorted) around `task`: the import's writes of whole courses. Take no item's lock inside. */
  withCourses<T>(courseIds: Iterable<string>, task: () => Promise<T>): Promise<T> {
    return runAllKeys(this.lock, courseIds, task);
  }

  /** The item's move and its entry in the course are written under the item's lock, so a rename of it cannot come between. */
  async attachProject(courseId: string, projectId: string): Promise<Course> {
    await this.assertExists(courseId);
    return this.items.run(projectId, async () => {
      const project = await this.findProject(projectId);
      if (!project) throw notFound(PROJECT_NOT_FOUND_MESSAGE);
      const entry: CourseProjectEntry = { _id: projectId, title: project.title, difficulty: project.difficulty };
      // The entry first: a course deleted meanwhile answers 404 before anything else is written, and one
      // deleted after it lists the project, so its delete waits for this lock (see delete).
      const course = await this.withEntries('projects', courseId, (entries) => (has(entries, projectId) ? entries : [...entries, entry]));
      await this.leaveOldCourse('projects', projectId, project.courseId, courseId);
      if (String(project.courseId) !== courseId) await this.setProjectCourse(projectId, project, courseId);
      return course;
    });
  }

  async attachTutorial(courseId: string, tutorialId: string): Promise<Course> {
    await this.assertExists(courseId);
    return this.items.run(tutorialId, async () => {
      const tutorial = await this.findTutorial(tutorialId);
      if (!tutorial) throw notFound(TUTORIAL_NOT_FOUND_MESSAGE);
      const entry: CourseTutorialEntry = { _id: tutorialId, title: tutorial.title };
      const course = await this.withEntries('tutorials', courseId, (entries) => (has(entries, tutorialId) ? entries : [...entries, entry]));
      await this.leaveOldCourse('tutorials', tutorialId, tutorial.courseId, courseId);
      if (String(tutorial.courseId) !== courseId) await this.tutorials.updateOne({ _id: tutorialId }, { $set: { courseId: new Types.ObjectId(courseId) } }).exec();
      return course;
    });
  }

  /** Detaching what is not attached (or no longer exists) changes nothing and answers the course. */
  async detachProject(courseId: string, projectId: string): Promise<Course> {
    await this.assertExists(courseId);
    return this.items.run(projectId, async () => {
      await this.releaseHeld('projects', projectId, courseId);
      return this.withEntries('projects', courseId, (entries) => entries.filter((e) => String(e._id) !== projectId));
    });
  }

  async detachTutorial(courseId: string, tutorialId: string): Promise<Course> {
    await this.assertExists(courseId);
    return this.items.run(tutorialId, async () => {
      await this.releaseHeld('tutorials', tutorialId, courseId);
      return this.withEntries('tutorials', courseId, (entries) => entries.filter((e) => String(e._id) !== tutorialId));
    });
  }

  /**
   * The item stops pointing at the course if it still does (a moved item is left alone); a project's
   * move is announced. The condition is checked on a read by `_id` under the item's lock, not in the
   * update's filter. The caller has written the course without the item: if the course lists it again,
   * an attach came in between (both its sides are written under this lock) and it stays.
   */
  release(kind: Kind, itemId: string, courseId: string): Promise<void> {
    return this.items.run(itemId, async () => {
      const course = await this.courses.findById(courseId, { [kind]: 1 }).lean<CourseRecord>().exec();
      if (!course || !has(course[kind] as Entry[], itemId)) await this.releaseHeld(kind, itemId, courseId);
    });
  }

  /** Points the course at its sandbox (the script itself is SandboxesService's); 404 when there is no course. */
  async setSandbox(id: string, sandbox: CourseSandboxRecord): Promise<Course> {
    return this.lock.run(id, async () => {
      const found = await this.outbox.update(this.courses, id, { $set: { sandbox } }, domainEvent(EVENT_SUBJECTS.courseUpdated, { entityId: id }));
      if (!found) throw notFound(COURSE_NOT_FOUND_MESSAGE);
      return this.readModel.written(await this.load(id));
    });
  }

  /** Throws 404 unless the course exists (before creating or attaching something that is to join it); no read while the read model has it. */
  async assertExists(courseId: string): Promise<void> {
    if (!this.readModel.get(courseId)) await this.load(courseId);
  }

  /**
   * A tutorial or project just created pointing at the course joins its entry list. A course deleted
   * since `assertExists` did not list it, so its delete left it: the new item is deleted too and the
   * answer is 404 (nothing points at a deleted course; nobody else knows the new `_id` yet).
   */
  async addEntry(kind: 'tutorials', courseId: string, entry: CourseTutorialEntry): Promise<void>;
  async addEntry(kind: 'projects', courseId: string, entry: CourseProjectEntry): Promise<void>;
  async addEntry(kind: Kind, courseId: string, entry: CourseTutorialEntry | CourseProjectEntry): Promise<void> {
    if (await this.changeEntries(kind, courseId, (entries) => [...entries.filter((e) => String(e._id) !== entry._id), entry])) return;
    await (kind === 'projects' ? this.projects : this.tutorials).deleteOne({ _id: entry._id }).exec();
    throw notFound(COURSE_NOT_FOUND_MESSAGE);
  }

  /** The item's title (or difficulty) changed: its entry follows, in place. */
  async renameEntry(kind: Kind, courseId: string, entry: CourseTutorialEntry | CourseProjectEntry): Promise<void> {
    await this.changeEntries(kind, courseId, (entries) => entries.map((e) => (String(e._id) === entry._id ? entry : e)));
  }

  /** The item is gone: its entry leaves the course (if the course still exists). */
  async dropEntry(kind: Kind, courseId: string, itemId: string): Promise<void> {
    await this.changeEntries(kind, courseId, (entries) => entries.filter((e) => String(e._id) !== itemId));
  }

  /** Reads a course by `_id`; 404 when there is none. */
  private async load(id: string): Promise<CourseRecord> {
    const record = await this.courses.findById(id, COURSE_FIELDS).lean<CourseRecord>().exec();
    if (!record) throw notFound(COURSE_NOT_FOUND_MESSAGE);
    return record;
  }

  /** `release` for a caller that holds the item's lock. */
  private async releaseHeld(kind: Kind, itemId: string, courseId: string): Promise<void> {
    if (kind === 'projects') {
      const project = await this.findProject(itemId);
      if (project && String(project.courseId) === courseId) await this.setProjectCourse(itemId, project, null);
    } else {
      const tutorial = await this.findTutorial(itemId);
      if (tutorial && String(tutorial.courseId) === courseId) await this.tutorials.updateOne({ _id: itemId }, { $set: { courseId: null } }).exec();
    }
  }

  private findProject(id: string): Promise<ProjectRecord | null> {
    return this.projects.findById(id, { title: 1, difficulty: 1, courseId: 1 }).lean<ProjectRecord>().exec();
  }

  private findTutorial(id: string): Promise<TutorialRecord | null> {
    return this.tutorials.findById(id, { title: 1, courseId: 1 }).lean<TutorialRecord>().exec();
  }

  /** An item belongs to one course at most: attaching it elsewhere takes it from the old one. */
  private async leaveOldCourse(kind: Kind, itemId: string, current: Types.ObjectId | null, next: string): Promise<void> {
    if (current && String(current) !== next) await this.dropEntry(kind, String(current), itemId);
  }

  /** svc-users keeps `courseId` in its finished-project progress copies: the move is a project.updated. */
  private async setProjectCourse(projectId: string, project: ProjectRecord, courseId: string | null): Promise<void> {
    await this.outbox.update(
      this.projects,
      projectId,
      { $set: { courseId: courseId ? new Types.ObjectId(courseId) : null } },
      domainEvent(EVENT_SUBJECTS.projectUpdated, { entityId: projectId, title: project.title, difficulty: project.difficulty, courseId }),
    );
  }

  /** Changes one entry list and answers the course as it is afterwards; 404 when it is gone. */
  private async withEntries(kind: Kind, courseId: string, change: (entries: Entry[]) => Entry[]): Promise<Course> {
    const course = await this.changeEntries(kind, courseId, change);
    if (!course) throw notFound(COURSE_NOT_FOUND_MESSAGE);
    return course;
  }

  /** Rewrites one entry list (with course.updated) when `change` alters it; null when the course does not exist. */
  private changeEntries(kind: Kind, courseId: string, change: (entries: Entry[]) => Entry[]): Promise<Course | null> {
    return this.lock.run(courseId, async () => {
      const record = await this.courses.findById(courseId, COURSE_FIELDS).lean<CourseRecord>().exec();
      if (!record) return null;
      const before = record[kind] as Entry[];
      const after = change(before);
      if (JSON.stringify(before) === JSON.stringify(after)) return toCourse(record);
      await this.outbox.update(this.courses, courseId, { $set: { [kind]: after } }, domainEvent(EVENT_SUBJECTS.courseUpdated, { entityId: courseId }));
      return this.readModel.written({ ...record, [kind]: after });
    });
  }
}

function pick({ topic, name, teacher, length }: CourseDto): CourseDto {
  return { topic, name, teacher, length };
}

function itemIds(record: CourseRecord): string[] {
  return [...record.tutorials, ...record.projects].map((entry) => String(entry._id));
}

function has(entries: Entry[], id: string): boolean {
  return entries.some((entry) => String(entry._id) === id);
}
