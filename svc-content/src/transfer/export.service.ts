import { CONTENT_SLICE_BYTES, type ExportedCourse, type ExportSliceReply } from '@dblearn/contracts';
import { badRequest } from '@dblearn/nest-common';
import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { storedCheckOf } from '../projects/check-records.js';
import { idOf, toBlocks } from '../common/views.js';
import { COURSE_FIELDS } from '../courses/course.views.js';
import { CourseRecord } from '../courses/course.schema.js';
import { CoursesReadModel } from '../courses/courses.read-model.js';
import { InterviewReadModel } from '../interview/interview.read-model.js';
import { PROJECT_FIELDS } from '../projects/project.views.js';
import { ProjectRecord } from '../common/project.schema.js';
import { SandboxesService } from '../sandboxes/sandboxes.service.js';
import { TUTORIAL_FIELDS } from '../tutorials/tutorial.views.js';
import { TutorialRecord } from '../common/tutorial.schema.js';

/** `c:<n>` is the n-th course in list order, `q:<n>` the n-th interview question. */
const LIST_STEP = 100;
const CURSOR = /^([cq]):(\d{1,9})$/;

/**
 * The export, one slice at a time (each well under NATS' 1 MB): courses in list order with their
 * whole tutorials and projects, then the interview questions. The order comes from the read models
 * and every document is read by `_id`, so exporting never scans a collection.
 */
@Injectable()
export class ExportService {
  constructor(
    @InjectModel(CourseRecord.name) private readonly courses: Model<CourseRecord>,
    @InjectModel(TutorialRecord.name) private readonly tutorials: Model<TutorialRecord>,
    @InjectModel(ProjectRecord.name) private readonly projects: Model<ProjectRecord>,
    private readonly courseList: CoursesReadModel,
    private readonly interviewList: InterviewReadModel,
    private readonly sandboxes: SandboxesService,
  ) {}

  async slice(cursor: string | undefined): Promise<ExportSliceReply> {
    const [part, start] = parseCursor(cursor);
    const reply: ExportSliceReply = { courses: [], interviewQuestions: [], next: null };
    let bytes = 0;
    if (part === 'c') {
      for (let offset = start; ; offset += LIST_STEP) {
        const { items } = await this.courseList.slice(offset, LIST_STEP);
        for (const [index, listed] of items.entries()) {
          if (bytes >= CONTENT_SLICE_BYTES) return { ...reply, next: `c:${offset + index}` };
          const course = await this.exportCourse(listed._id);
          if (!course) continue;
          reply.courses.push(course);
          bytes += Buffer.byteLength(JSON.stringify(course));
        }
        if (items.length < LIST_STEP) break;
      }
    }
    for (let offset = part === 'q' ? start : 0; ; offset += LIST_STEP) {
      const { items } = await this.interviewList.slice(offset, LIST_STEP);
      for (const [index, question] of items.entries()) {
        if (bytes >= CONTENT_SLICE_BYTES) return { ...reply, next: `q:${offset + index}` };
        reply.interviewQuestions.push(question);
        bytes += Buffer.byteLength(JSON.stringify(question));
      }
      if (items.length < LIST_STEP) return reply;
    }
  }

  /** One course with its tutorials and projects in course order; null if it went away meanwhile. */
  async exportCourse(id: string): Promise<ExportedCourse | null> {
    const course = await this.courses.findById(id, { ...COURSE_FIELDS, sandbox: 1 }).lean<CourseRecord>().exec();
    if (!course) return null;
    const tutorials = [];
    for (const entry of course.tutorials) {
      const tutorial = await this.tutorials.findById(entry._id, TUTORIAL_FIELDS).lean<TutorialRecord>().exec();
      if (tutorial) tutorials.push({ _id: idOf(tutorial._id), title: tutorial.title, contents: toBlocks(tutorial.contents) });
    }
    const projects = [];
    for (const entry of course.projects) {
      const project = await this.projects.findById(entry._id, { ...PROJECT_FIELDS, category: 1 }).lean<ProjectRecord>().exec();
      if (!project) continue;
      const checks = (project.checks ?? []).map(storedCheckOf);
      projects.push({ _id: idOf(project._id), title: project.title, difficulty: project.difficulty, ...(project.category ? { category: project.category } : {}), contents: toBlocks(project.contents), checks });
    }
    const sandbox = await this.sandboxes.byPointer(course.sandbox);
    return { _id: idOf(course._id), topic: course.topic, name: course.name, teacher: course.teacher, length: course.length, tutorials, projects, sandbox };
  }
}

function parseCursor(cursor: string | undefined): ['c' | 'q', number] {
  if (cursor === undefined) return ['c', 0];
  const match = CURSOR.exec(cursor);
  if (!match) throw badRequest('cursor is not one this service handed out.');
  return [match[1] as 'c' | 'q', Number(match[2])];
}
