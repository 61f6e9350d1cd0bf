import { createHash } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { ExportedCourse, InterviewQuestion } from '@dblearn/contracts';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { CONTENT_CONFIG, type ContentConfig } from '../config/content-config.js';
import { CoursesService } from '../courses/courses.service.js';
import { InterviewService } from '../interview/interview.service.js';
import { ProjectsService } from '../projects/projects.service.js';
import { ImportService } from '../transfer/import.service.js';
import { TutorialsService } from '../tutorials/tutorials.service.js';
import { type ContentFolder, ContentFolderError, type ContentProblem, readContentFolder } from './content-folder.js';
import { contentProblems } from './content-validation.js';
import { SHIPPED_CONTENT_ID, type ShippedCourse, ShippedContentRecord } from './shipped-content.schema.js';

/** What a sync did: nothing (the folder is as last synced), or what it wrote and what it refused. */
export interface SyncReport {
  unchanged: boolean;
  written: { courses: number; interviewQuestions: number };
  removed: { courses: number; tutorials: number; projects: number; interviewQuestions: number };
  problems: ContentProblem[];
}

const hashOf = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');

/** A course's own fields and item order, and each of its tutorials and projects, hashed apart. */
function shippedCourseOf({ tutorials, projects, ...fields }: ExportedCourse): ShippedCourse {
  return {
    hash: hashOf({ ...fields, tutorials: tutorials.map((t) => t._id), projects: projects.map((p) => p._id) }),
    tutorials: Object.fromEntries(tutorials.map((tutorial) => [tutorial._id, hashOf(tutorial)])),
    projects: Object.fromEntries(projects.map((project) => [project._id, hashOf(project)])),
  };
}

/** A course is written again (through the import, whole) when its fields, its order or one of its items changed. */
function sameCourse(before: ShippedCourse | undefined, now: ShippedCourse): boolean {
  return before?.hash === now.hash && isDeepStrictEqual(before.tutorials, now.tutorials) && isDeepStrictEqual(before.projects, now.projects);
}

/**
 * SEED_DEMO (CONTRACT "Running it", README "Content authors"): every start brings the database up
 * to date with the content folder by id. Changed and new courses and questions go through the
 * import (its rules, its events, its cache drops); what the folder shipped before and no longer
 * lists is deleted through the services (their events, so svc-users drops its copies). What an
 * admin created is never in the shipped record, so it is never touched; learners' progress is kept
 * by keeping ids. An invalid folder changes nothing and is reported by file and line.
 */
@Injectable()
export class ContentSync implements OnApplicationBootstrap {
  private readonly logger = new Logger(ContentSync.name);

  constructor(
    @Inject(CONTENT_CONFIG) private readonly config: ContentConfig,
    @InjectModel(ShippedContentRecord.name) private readonly shipped: Model<ShippedContentRecord>,
    private readonly importer: ImportService,
    private readonly courses: CoursesService,
    private readonly tutorials: TutorialsService,
    private readonly projects: ProjectsService,
    private readonly interview: InterviewService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.seedDemo) return;
    const started = Date.now();
    const report = await this.sync(this.config.contentDir);
    for (const { file, line, message } of report.problems) this.logger.error(`Content refused at ${file}:${line}: ${message}`);
    if (!report.unchanged) {
      const { written, removed } = report;
      this.logger.log(
        `Content synced in ${Date.now() - started} ms: ${written.courses} course(s) and ${written.interviewQuestions} question(s) written; ` +
          `${removed.courses} course(s), ${removed.tutorials} tutorial(s), ${removed.projects} project(s) and ${removed.interviewQuestions} question(s) removed.`,
      );
    }
  }

  async sync(dir: string): Promise<SyncReport> {
    const report: SyncReport = { unchanged: false, written: { courses: 0, interviewQuestions: 0 }, removed: { courses: 0, tutorials: 0, projects: 0, interviewQuestions: 0 }, problems: [] };
    let folder: ContentFolder;
    try {
      folder = readContentFolder(dir);
    } catch (error) {
      if (!(error instanceof ContentFolderError)) throw error;
      report.problems.push(error.problem);
      return report;
    }
    const folderHash = hashOf([folder.courses, folder.interviewQuestions]);
    const before = await this.shipped.findById(SHIPPED_CONTENT_ID).lean<ShippedContentRecord>().exec();
    // The hash is recorded only after a sync that refused nothing: this folder was valid then.
    if (before?.folderHash === folderHash) return { ...report, unchanged: true };
    report.problems = contentProblems(folder);
    if (report.problems.length > 0) return report;

    const previousCourses = before?.courses ?? {};
    const previousQuestions = before?.questions ?? {};
    const shippedCourses = folder.courses.map(shippedCourseOf);
    const questionHashes = folder.interviewQuestions.map(hashOf);
    const changedCourses = folder.courses.map((course, index) => ({ course, index })).filter(({ course, index }) => !sameCourse(previousCourses[course._id], shippedCourses[index]!));
    const changedQuestions = folder.interviewQuestions.map((question, index) => ({ question, index })).filter(({ question, index }) => previousQuestions[question._id] !== questionHashes[index]);

    const refused = await this.write(folder, changedCourses, changedQuestions, report);
    await this.removeLeft(folder, previousCourses, previousQuestions, report);

    const courses: Record<string, ShippedCourse> = {};
    for (const [index, course] of folder.courses.entries()) {
      // A refused course keeps its old record, so the next start tries it again.
      const shipped = refused.courses.has(course._id) ? previousCourses[course._id] : shippedCourses[index];
      if (shipped) courses[course._id] = shipped;
    }
    const questions: Record<string, string> = {};
    for (const [index, question] of folder.interviewQuestions.entries()) {
      const hash = refused.questions.has(question._id) ? previousQuestions[question._id] : questionHashes[index]!;
      if (hash) questions[question._id] = hash;
    }
    const complete = refused.courses.size === 0 && refused.questions.size === 0;
    await this.shipped.updateOne({ _id: SHIPPED_CONTENT_ID }, { $set: { folderHash: complete ? folderHash : '', courses, questions } }, { upsert: true }).exec();
    return report;
  }

  /** The changed items through the import; its refusals named by file and line. */
  private async write(
    folder: ContentFolder,
    courses: { course: ExportedCourse; index: number }[],
    questions: { question: InterviewQuestion; index: number }[],
    report: SyncReport,
  ): Promise<{ courses: Set<string>; questions: Set<string> }> {
    const refused = { courses: new Set<string>(), questions: new Set<string>() };
    if (courses.length === 0 && questions.length === 0) return refused;
    // On SQLite's judgement (decision 0044): the shipped folder is judged on PostgreSQL by its specs.
    const result = await this.importer.importSlice(
      {
        courses: courses.map(({ course }) => course),
        interviewQuestions: questions.map(({ question }) => question),
        courseOffset: 0,
        interviewOffset: 0,
      },
      { onPostgres: false },
    );
    for (const { path, message } of result.rejected) {
      // The slice's index → the folder's.
      const [, part, at] = /^(courses|interviewQuestions)\[(\d+)\]/.exec(path) ?? [];
      const entry = part === 'courses' ? courses[Number(at)] : questions[Number(at)];
      const folderPath = entry ? path.replace(/\[\d+\]/, `[${entry.index}]`) : path;
      if (part === 'courses' && entry) refused.courses.add(folder.courses[entry.index]!._id);
      if (part === 'interviewQuestions' && entry) refused.questions.add(folder.interviewQuestions[entry.index]!._id);
      report.problems.push({ ...folder.locate(folderPath, message), message });
    }
    report.written.courses = courses.length - refused.courses.size;
    report.written.interviewQuestions = questions.length - refused.questions.size;
    return refused;
  }

  /** What the folder shipped before and lists no more, deleted with its events (already gone: nothing to do). */
  private async removeLeft(folder: ContentFolder, courses: Record<string, ShippedCourse>, questions: Record<string, string>, report: SyncReport): Promise<void> {
    const listed = new Set([...folder.courses.flatMap((course) => [course._id, ...course.tutorials.map((t) => t._id), ...course.projects.map((p) => p._id)]), ...folder.interviewQuestions.map((q) => q._id)]);
    const gone = (ids: Iterable<string>) => [...ids].filter((id) => !listed.has(id));
    const shippedItems = Object.values(courses);
    for (const id of gone(shippedItems.flatMap((course) => Object.keys(course.tutorials)))) if (await present(() => this.tutorials.delete(id))) report.removed.tutorials += 1;
    for (const id of gone(shippedItems.flatMap((course) => Object.keys(course.projects)))) if (await present(() => this.projects.delete(id))) report.removed.projects += 1;
    const goneItems = new Set(gone(shippedItems.flatMap((course) => [...Object.keys(course.tutorials), ...Object.keys(course.projects)])));
    for (const id of gone(Object.keys(courses))) {
      if (!(await present(() => this.keepOthers(id, goneItems)))) continue;
      if (await present(() => this.courses.delete(id))) report.removed.courses += 1;
    }
    for (const id of gone(Object.keys(questions))) if (await present(() => this.interview.delete(id))) report.removed.interviewQuestions += 1;
  }

  /**
   * A course's delete takes every item it lists with it: first detach what must outlive it, the items
   * the folder moved to another course and what an admin attached (it stays, unattached).
   */
  private async keepOthers(courseId: string, goneItems: Set<string>): Promise<void> {
    const course = await this.courses.findStored(courseId);
    for (const { _id } of course.tutorials) if (!goneItems.has(_id)) await this.courses.detachTutorial(courseId, _id);
    for (const { _id } of course.projects) if (!goneItems.has(_id)) await this.courses.detachProject(courseId, _id);
  }
}

/** Runs a delete (or a read before one); false when the item was gone already (an admin deleted it: the 404 the service throws). */
async function present(remove: () => Promise<unknown>): Promise<boolean> {
  try {
    await remove();
    return true;
  } catch (error) {
    const status = (error as { getError?: () => unknown })?.getError?.() as { statusCode?: number } | undefined;
    if (status?.statusCode === 404) return false;
    throw error;
  }
}
