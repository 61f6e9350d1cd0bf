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
import { type DocumentStore, domainEvent, InjectStore, notFound } from '@dblearn/nest-common';
import { Injectable } from '@nestjs/common';
import { Types } from 'mongoose';
import { newIdentity } from '../common/identity.js';
import { ProjectRecord } from '../common/project.schema.js';
import { TutorialRecord } from '../common/tutorial.schema.js';
import { COURSE_FIELDS, toCourse } from './course.views.js';
import { CourseRecord, type CourseSandboxRecord } from './course.schema.js';
import { CoursesReadModel } from './courses.read-model.js';

type Kind = 'tutorials' | 'projects';
type Entry = { _id: Types.ObjectId | string };
/** The items a course lists, by kind. */
export type CourseItems = Record<Kind, Set<string>>;

/**
 * Courses and which tutorials and projects belong to them. The two sides of a membership (the
 * course's entry list and the item's `courseId`) are written here and nowhere else, each write with
 * its event. An entry list is read, changed and written whole in one atomic step of the course, and
 * an item's `courseId` is read, checked and written in one atomic step of the item (the store's).
 * Order, so that no two steps wait on each other: an item's step may hold a course's, never the
 * reverse; several items are held tutorials first, then projects, each kind sorted (the stores'
 * `atomicallyAll`).
 */
@Injectable()
export class CoursesService {
  constructor(
    @InjectStore(CourseRecord.name) private readonly courses: DocumentStore<CourseRecord>,
    @InjectStore(TutorialRecord.name) private readonly tutorials: DocumentStore<TutorialRecord>,
    @InjectStore(ProjectRecord.name) private readonly projects: DocumentStore<ProjectRecord>,
    private readonly readModel: CoursesReadModel,
  ) {}

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
    const created = await this.courses.create(
      { ...identity, ...pick(fields), tutorials: [], projects: [] },
      domainEvent(EVENT_SUBJECTS.courseUpdated, { entityId: identity._id.toHexString() }),
    );
    return this.readModel.written(created.toObject());
  }

  async update(id: string, fields: CourseDto): Promise<Course> {
    return this.courses.atomically(id, async () => {
      const found = await this.courses.update(id, { $set: pick(fields) }, domainEvent(EVENT_SUBJECTS.courseUpdated, { entityId: id }));
      if (!found) throw notFound(COURSE_NOT_FOUND_MESSAGE);
      return this.readModel.written(await this.load(id));
    });
  }

  /**
   * The course, its tutorials and its projects go in one tombstone write with course.deleted naming them.
   * The items are held first, then the course (the order above), and which items to hold is only known
   * from the course. So the course is read, its items held, then the course, and read again: an item
   * attached meanwhile (it holds itself while it waits for the course) is not held yet, so everything
   * is let go and taken again with it. No item changes course while the delete holds it, and the
   * cascade deletes exactly what the course lists.
   */
  async delete(id: string): Promise<Course> {
    let held = itemsOf(await this.load(id));
    for (;;) {
      // The course, or the items it lists when one of them is not held yet.
      const outcome: { deleted: Course } | { listed: CourseItems } = await this.withItems(held, () =>
        this.courses.atomically(id, async () => {
          const record = await this.load(id);
          const listed = itemsOf(record);
          if (!holdsAll(held, listed)) return { listed };
          const tutorialIds = [...listed.tutorials];
          const projectIds = [...listed.projects];
          const deleted = await this.courses.delete(id, domainEvent(EVENT_SUBJECTS.courseDeleted, { entityId: id, tutorialIds, projectIds }), [
            { model: TutorialRecord.name, ids: tutorialIds },
            { model: ProjectRecord.name, ids: projectIds },
          ]);
          if (!deleted) throw notFound(COURSE_NOT_FOUND_MESSAGE);
          this.readModel.deleted([id]);
          return { deleted: toCourse(record) };
        }),
      );
      if ('deleted' in outcome) return outcome.deleted;
      held = { tutorials: new Set([...held.tutorials, ...outcome.listed.tutorials]), projects: new Set([...held.projects, ...outcome.listed.projects]) };
    }
  }

  /** Holds these tutorials and projects (in the order above) around `task`: the import's writes of whole items. */
  withItems<T>(items: CourseItems, task: () => Promise<T>): Promise<T> {
    return this.tutorials.atomicallyAll(items.tutorials, () => this.projects.atomicallyAll(items.projects, task));
  }

  /** Holds every listed course around `task`: the import's writes of whole courses. Hold no item inside. */
  withCourses<T>(courseIds: Iterable<string>, task: () => Promise<T>): Promise<T> {
    return this.courses.atomicallyAll(courseIds, task);
  }

  /** The item's move and its entry in the course are written in one step of the item, so a rename of it cannot come between. */
  async attachProject(courseId: string, projectId: string): Promise<Course> {
    await this.assertExists(courseId);
    return this.projects.atomically(projectId, async () => {
      const project = await this.findProject(projectId);
      if (!project) throw notFound(PROJECT_NOT_FOUND_MESSAGE);
      const entry: CourseProjectEntry = { _id: projectId, title: project.title, difficulty: project.difficulty };
      // The entry first: a course deleted meanwhile answers 404 before anything else is written, and one
      // deleted after it lists the project, so its delete waits for this step (see delete).
      const course = await this.withEntries('projects', courseId, (entries) => (has(entries, projectId) ? entries : [...entries, entry]));
      await this.leaveOldCourse('projects', projectId, project.courseId, courseId);
      if (String(project.courseId) !== courseId) await this.setProjectCourse(projectId, project, courseId);
      return course;
    });
  }

  async attachTutorial(courseId: string, tutorialId: string): Promise<Course> {
    await this.assertExists(courseId);
    return this.tutorials.atomically(tutorialId, async () => {
      const tutorial = await this.findTutorial(tutorialId);
      if (!tutorial) throw notFound(TUTORIAL_NOT_FOUND_MESSAGE);
      const entry: CourseTutorialEntry = { _id: tutorialId, title: tutorial.title };
      const course = await this.withEntries('tutorials', courseId, (entries) => (has(entries, tutorialId) ? entries : [...entries, entry]));
      await this.leaveOldCourse('tutorials', tutorialId, tutorial.courseId, courseId);
      if (String(tutorial.courseId) !== courseId) await this.tutorials.update(tutorialId, { $set: { courseId: new Types.ObjectId(courseId) } });
      return course;
    });
  }

  /** Detaching what is not attached (or no longer exists) changes nothing and answers the course. */
  async detachProject(courseId: string, projectId: string): Promise<Course> {
    await this.assertExists(courseId);
    return this.projects.atomically(projectId, async () => {
      await this.releaseHeld('projects', projectId, courseId);
      return this.withEntries('projects', courseId, (entries) => entries.filter((e) => String(e._id) !== projectId));
    });
  }

  async detachTutorial(courseId: string, tutorialId: string): Promise<Course> {
    await this.assertExists(courseId);
    return this.tutorials.atomically(tutorialId, async () => {
      await this.releaseHeld('tutorials', tutorialId, courseId);
      return this.withEntries('tutorials', courseId, (entries) => entries.filter((e) => String(e._id) !== tutorialId));
    });
  }

  /**
   * The item stops pointing at the course if it still does (a moved item is left alone); a project's
   * move is announced. The condition is checked on a read in the item's atomic step. The caller has
   * written the course without the item: if the course lists it again, an attach came in between
   * (both its sides are written in such a step) and it stays.
   */
  release(kind: Kind, itemId: string, courseId: string): Promise<void> {
    return this.itemStore(kind).atomically(itemId, async () => {
      const course = await this.courses.findById<CourseRecord>(courseId, { [kind]: 1 });
      if (!course || !has(course[kind] as Entry[], itemId)) await this.releaseHeld(kind, itemId, courseId);
    });
  }

  /** Points the course at its sandbox (the script itself is SandboxesService's); 404 when there is no course. */
  async setSandbox(id: string, sandbox: CourseSandboxRecord): Promise<Course> {
    return this.courses.atomically(id, async () => {
      const found = await this.courses.update(id, { $set: { sandbox } }, domainEvent(EVENT_SUBJECTS.courseUpdated, { entityId: id }));
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
    await this.itemStore(kind).model.deleteOne({ _id: entry._id }).exec();
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

  private itemStore(kind: Kind): DocumentStore<TutorialRecord | ProjectRecord> {
    return (kind === 'projects' ? this.projects : this.tutorials) as DocumentStore<TutorialRecord | ProjectRecord>;
  }

  /** Reads a course by `_id`; 404 when there is none. */
  private async load(id: string): Promise<CourseRecord> {
    const record = await this.courses.findById<CourseRecord>(id, COURSE_FIELDS);
    if (!record) throw notFound(COURSE_NOT_FOUND_MESSAGE);
    return record;
  }

  /** `release` for a caller inside the item's atomic step. */
  private async releaseHeld(kind: Kind, itemId: string, courseId: string): Promise<void> {
    if (kind === 'projects') {
      const project = await this.findProject(itemId);
      if (project && String(project.courseId) === courseId) await this.setProjectCourse(itemId, project, null);
    } else {
      const tutorial = await this.findTutorial(itemId);
      if (tutorial && String(tutorial.courseId) === courseId) await this.tutorials.update(itemId, { $set: { courseId: null } });
    }
  }

  private findProject(id: string): Promise<ProjectRecord | null> {
    return this.projects.findById<ProjectRecord>(id, { title: 1, difficulty: 1, courseId: 1 });
  }

  private findTutorial(id: string): Promise<TutorialRecord | null> {
    return this.tutorials.findById<TutorialRecord>(id, { title: 1, courseId: 1 });
  }

  /** An item belongs to one course at most: attaching it elsewhere takes it from the old one. */
  private async leaveOldCourse(kind: Kind, itemId: string, current: Types.ObjectId | null, next: string): Promise<void> {
    if (current && String(current) !== next) await this.dropEntry(kind, String(current), itemId);
  }

  /** svc-users keeps `courseId` in its finished-project progress copies: the move is a project.updated. */
  private async setProjectCourse(projectId: string, project: ProjectRecord, courseId: string | null): Promise<void> {
    await this.projects.update(
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
    return this.courses.atomically(courseId, async () => {
      const record = await this.courses.findById<CourseRecord>(courseId, COURSE_FIELDS);
      if (!record) return null;
      const before = record[kind] as Entry[];
      const after = change(before);
      if (JSON.stringify(before) === JSON.stringify(after)) return toCourse(record);
      await this.courses.update(courseId, { $set: { [kind]: after } }, domainEvent(EVENT_SUBJECTS.courseUpdated, { entityId: courseId }));
      return this.readModel.written({ ...record, [kind]: after });
    });
  }
}

function pick({ topic, name, teacher, length }: CourseDto): CourseDto {
  return { topic, name, teacher, length };
}

function itemsOf(record: CourseRecord): CourseItems {
  return { tutorials: new Set(record.tutorials.map((entry) => String(entry._id))), projects: new Set(record.projects.map((entry) => String(entry._id))) };
}

function holdsAll(held: CourseItems, listed: CourseItems): boolean {
  return [...listed.tutorials].every((id) => held.tutorials.has(id)) && [...listed.projects].every((id) => held.projects.has(id));
}

function has(entries: Entry[], id: string): boolean {
  return entries.some((entry) => String(entry._id) === id);
}
