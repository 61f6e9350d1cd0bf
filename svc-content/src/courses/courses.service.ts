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
import { EventOutbox, notFound } from '@dblearn/nest-common';
import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type Model, Types } from 'mongoose';
import { newIdentity } from '../common/identity.js';
import { ProjectRecord } from '../projects/project.schema.js';
import { TutorialRecord } from '../tutorials/tutorial.schema.js';
import { COURSE_FIELDS, toCourse } from './course.views.js';
import { CourseRecord } from './course.schema.js';
import { CoursesReadModel } from './courses.read-model.js';

type Kind = 'tutorials' | 'projects';

/**
 * Courses and which tutorials and projects belong to them. The two sides of a membership (the
 * course's entry list and the item's `courseId`) are written here and nowhere else. FerretDB has no
 * positional or conditional array updates, so an entry list is read, changed and written whole.
 */
@Injectable()
export class CoursesService {
  constructor(
    @InjectModel(CourseRecord.name) private readonly courses: Model<CourseRecord>,
    @InjectModel(TutorialRecord.name) private readonly tutorials: Model<TutorialRecord>,
    @InjectModel(ProjectRecord.name) private readonly projects: Model<ProjectRecord>,
    private readonly readModel: CoursesReadModel,
    private readonly outbox: EventOutbox,
  ) {}

  list({ topic, page = 1, pageSize = LIST_PAGE_SIZE.default }: ListQueryDto): ListPage<Course> {
    return this.readModel.page(topic, page, pageSize);
  }

  async find(id: string): Promise<Course> {
    const cached = this.readModel.get(id);
    if (cached) return cached;
    // Not in this instance's list yet (created elsewhere a moment ago): one lookup by _id.
    return this.readModel.put(await this.load(id));
  }

  async create(fields: CourseDto): Promise<Course> {
    const created = await this.courses.create({ ...newIdentity(), ...pick(fields), tutorials: [], projects: [] });
    return this.changed(created.toObject());
  }

  async update(id: string, fields: CourseDto): Promise<Course> {
    const result = await this.courses.updateOne({ _id: id }, { $set: pick(fields) }).exec();
    if (result.matchedCount === 0) throw notFound(COURSE_NOT_FOUND_MESSAGE);
    return this.changed(await this.load(id));
  }

  /** Deletes the course, then its tutorials and projects (by `_id`, never a scan), and says so in one event. */
  async delete(id: string): Promise<Course> {
    const record = await this.load(id);
    const tutorialIds = record.tutorials.map((entry) => String(entry._id));
    const projectIds = record.projects.map((entry) => String(entry._id));
    await this.courses.deleteOne({ _id: id }).exec();
    for (const tutorialId of tutorialIds) await this.tutorials.deleteOne({ _id: tutorialId, courseId: record._id }).exec();
    for (const projectId of projectIds) await this.projects.deleteOne({ _id: projectId, courseId: record._id }).exec();
    this.readModel.remove(id);
    await this.outbox.record(EVENT_SUBJECTS.courseDeleted, { entityId: id, tutorialIds, projectIds });
    return toCourse(record);
  }

  async attachProject(courseId: string, projectId: string): Promise<Course> {
    await this.load(courseId);
    const project = await this.projects.findById(projectId, { title: 1, difficulty: 1, courseId: 1 }).lean<ProjectRecord>().exec();
    if (!project) throw notFound(PROJECT_NOT_FOUND_MESSAGE);
    const entry: CourseProjectEntry = { _id: projectId, title: project.title, difficulty: project.difficulty };
    return this.join('projects', courseId, entry, project.courseId);
  }

  async attachTutorial(courseId: string, tutorialId: string): Promise<Course> {
    await this.load(courseId);
    const tutorial = await this.tutorials.findById(tutorialId, { title: 1, courseId: 1 }).lean<TutorialRecord>().exec();
    if (!tutorial) throw notFound(TUTORIAL_NOT_FOUND_MESSAGE);
    return this.join('tutorials', courseId, { _id: tutorialId, title: tutorial.title }, tutorial.courseId);
  }

  /** Detaching what is not attached (or no longer exists) changes nothing and answers the course. */
  async detachProject(courseId: string, projectId: string): Promise<Course> {
    await this.load(courseId);
    const result = await this.projects.updateOne({ _id: projectId, courseId }, { $set: { courseId: null } }).exec();
    const course = await this.removeEntry('projects', courseId, projectId);
    if (result.modifiedCount > 0) await this.projectChanged(projectId);
    return course;
  }

  async detachTutorial(courseId: string, tutorialId: string): Promise<Course> {
    await this.load(courseId);
    await this.tutorials.updateOne({ _id: tutorialId, courseId }, { $set: { courseId: null } }).exec();
    return this.removeEntry('tutorials', courseId, tutorialId);
  }

  /** Throws 404 unless the course exists (before creating something that is to join it). */
  async assertExists(courseId: string): Promise<void> {
    if (this.readModel.get(courseId)) return;
    await this.load(courseId);
  }

  /** A tutorial or project that already points at the course joins its entry list (creation with courseId). */
  async addEntry(kind: 'tutorials', courseId: string, entry: CourseTutorialEntry): Promise<void>;
  async addEntry(kind: 'projects', courseId: string, entry: CourseProjectEntry): Promise<void>;
  async addEntry(kind: Kind, courseId: string, entry: CourseTutorialEntry | CourseProjectEntry): Promise<void> {
    await this.writeEntries(kind, courseId, (entries) => [...entries.filter((e) => String(e._id) !== entry._id), entry]);
  }

  /** The item's title (or difficulty) changed: its entry follows, in place. */
  async renameEntry(kind: Kind, courseId: string, entry: CourseTutorialEntry | CourseProjectEntry): Promise<void> {
    await this.writeEntries(kind, courseId, (entries) => entries.map((e) => (String(e._id) === entry._id ? entry : e)));
  }

  /** The item is gone: its entry leaves the course (if the course still exists). */
  async dropEntry(kind: Kind, courseId: string, itemId: string): Promise<void> {
    await this.writeEntries(kind, courseId, (entries) => entries.filter((e) => String(e._id) !== itemId));
  }

  /** Reads a course by `_id`; 404 when there is none. */
  private async load(id: string): Promise<CourseRecord> {
    const record = await this.courses.findById(id, COURSE_FIELDS).lean<CourseRecord>().exec();
    if (!record) throw notFound(COURSE_NOT_FOUND_MESSAGE);
    return record;
  }

  private async join(kind: Kind, courseId: string, entry: CourseTutorialEntry | CourseProjectEntry, currentCourseId: Types.ObjectId | null): Promise<Course> {
    // An item belongs to one course at most: attaching it elsewhere takes it from the old one.
    if (currentCourseId && String(currentCourseId) !== courseId) await this.dropEntry(kind, String(currentCourseId), entry._id);
    const items = kind === 'projects' ? this.projects : this.tutorials;
    const moved = await (items as Model<ProjectRecord | TutorialRecord>).updateOne({ _id: entry._id }, { $set: { courseId: new Types.ObjectId(courseId) } }).exec();
    const course = await this.writeEntries(kind, courseId, (entries) =>
      entries.some((e) => String(e._id) === entry._id) ? entries : [...entries, entry],
    );
    if (kind === 'projects' && moved.modifiedCount > 0) await this.projectChanged(entry._id);
    return course ?? this.find(courseId);
  }

  private async removeEntry(kind: Kind, courseId: string, itemId: string): Promise<Course> {
    return (await this.writeEntries(kind, courseId, (entries) => entries.filter((e) => String(e._id) !== itemId))) ?? this.find(courseId);
  }

  /**
   * Rewrites one entry list when `change` alters it; answers the course as stored afterwards, or
   * null when the course does not exist (any more).
   */
  private async writeEntries(
    kind: Kind,
    courseId: string,
    change: (entries: Array<{ _id: Types.ObjectId | string }>) => Array<{ _id: Types.ObjectId | string }>,
  ): Promise<Course | null> {
    const record = await this.courses.findById(courseId, COURSE_FIELDS).lean<CourseRecord>().exec();
    if (!record) return null;
    const before = record[kind] as Array<{ _id: Types.ObjectId | string }>;
    const after = change(before);
    if (sameEntries(before, after)) return this.readModel.get(courseId) ?? this.readModel.put(record);
    await this.courses.updateOne({ _id: courseId }, { $set: { [kind]: after } }).exec();
    return this.changed({ ...record, [kind]: after } as CourseRecord);
  }

  /** Every course write ends here: this instance's list at once, the others' through the event. */
  private async changed(record: CourseRecord): Promise<Course> {
    const course = this.readModel.put(record);
    await this.outbox.record(EVENT_SUBJECTS.courseUpdated, { entityId: course._id });
    return course;
  }

  /** svc-users keeps `courseId` in its finished-project snapshots: tell it where the project went. */
  private async projectChanged(projectId: string): Promise<void> {
    const project = await this.projects.findById(projectId, { title: 1, difficulty: 1, courseId: 1 }).lean<ProjectRecord>().exec();
    if (!project) return;
    await this.outbox.record(EVENT_SUBJECTS.projectUpdated, {
      entityId: projectId,
      title: project.title,
      difficulty: project.difficulty,
      courseId: project.courseId ? String(project.courseId) : null,
    });
  }
}

function pick({ topic, name, teacher, length }: CourseDto): CourseDto {
  return { topic, name, teacher, length };
}

function sameEntries(a: ReadonlyArray<unknown>, b: ReadonlyArray<unknown>): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
