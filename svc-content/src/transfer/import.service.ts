import { EVENT_SUBJECTS, type ImportRejection, type ImportReport } from '@dblearn/contracts';
import { ImportedCourseDto, ImportedInterviewQuestionDto, type ImportSliceRequestDto } from '@dblearn/contracts/dto';
import { domainEvent, EventOutbox, OutboxRelay, storedEvent, validationSentences } from '@dblearn/nest-common';
import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { plainToInstance } from 'class-transformer';
import { validate, type ValidationError } from 'class-validator';
import { type Model, Types } from 'mongoose';
import { createdAtOf } from '../common/identity.js';
import { CourseRecord } from '../courses/course.schema.js';
import { CoursesReadModel } from '../courses/courses.read-model.js';
import { InterviewQuestionRecord } from '../interview/interview-question.schema.js';
import { InterviewReadModel } from '../interview/interview.read-model.js';
import { ProjectRecord } from '../projects/project.schema.js';
import { TutorialRecord } from '../tutorials/tutorial.schema.js';

/** The same strictness as a request: unknown fields and wrong types are rule breaks too. */
const VALIDATION = { whitelist: true, forbidNonWhitelisted: true } as const;

type Outcome = 'created' | 'updated';

/**
 * CONTRACT "Content export and import": upserts by `_id`. Each course (with its tutorials and
 * projects) and each interview question is checked on its own; an invalid one is rejected with the
 * path of the first rule it breaks and every broken rule, and nothing of it is written.
 */
@Injectable()
export class ImportService {
  constructor(
    @InjectModel(CourseRecord.name) private readonly courses: Model<CourseRecord>,
    @InjectModel(TutorialRecord.name) private readonly tutorials: Model<TutorialRecord>,
    @InjectModel(ProjectRecord.name) private readonly projects: Model<ProjectRecord>,
    @InjectModel(InterviewQuestionRecord.name) private readonly questions: Model<InterviewQuestionRecord>,
    private readonly courseList: CoursesReadModel,
    private readonly interviewList: InterviewReadModel,
    private readonly outbox: EventOutbox,
    private readonly relay: OutboxRelay,
  ) {}

  async importSlice({ courses = [], interviewQuestions = [], courseOffset, interviewOffset }: ImportSliceRequestDto): Promise<ImportReport> {
    const report: ImportReport = { created: 0, updated: 0, rejected: [] };
    for (const [index, item] of courses.entries()) {
      const course = await checked(ImportedCourseDto, item, `courses[${courseOffset + index}]`, report.rejected);
      if (course) report[await this.upsertCourse(course)] += 1;
    }
    const questions = new Map<string, ImportedInterviewQuestionDto>();
    for (const [index, item] of interviewQuestions.entries()) {
      const path = `interviewQuestions[${interviewOffset + index}]`;
      const question = await checked(ImportedInterviewQuestionDto, item, path, report.rejected);
      if (question && questions.has(question._id)) report.rejected.push({ path: `${path}._id`, message: 'This _id appears earlier in the file.' });
      else if (question) questions.set(question._id, question);
    }
    const created = await this.upsertQuestions([...questions.values()]);
    report.created += created;
    report.updated += questions.size - created;
    return report;
  }

  private async upsertCourse({ _id, topic, name, teacher, length, tutorials, projects }: ImportedCourseDto): Promise<Outcome> {
    const courseId = new Types.ObjectId(_id);
    const previous = await this.courses.findById(courseId, { tutorials: 1, projects: 1 }).lean<CourseRecord>().exec();
    for (const tutorial of tutorials) {
      const fields = { title: tutorial.title, courseId, contents: tutorial.contents.map(withId) };
      await this.tutorials.updateOne({ _id: tutorial._id }, { $set: fields, $setOnInsert: { createdAt: createdAtOf(tutorial._id) } }, { upsert: true }).exec();
    }
    for (const project of projects) {
      const fields = { title: project.title, difficulty: project.difficulty, courseId, contents: project.contents.map(withId) };
      // Learners who finished an existing project see its new title (project.updated); a new one needs no event.
      const event = domainEvent(EVENT_SUBJECTS.projectUpdated, { entityId: project._id, title: project.title, difficulty: project.difficulty, courseId: _id });
      if (!(await this.outbox.update(this.projects, project._id, { $set: fields }, event))) {
        await this.projects.create({ _id: project._id, createdAt: createdAtOf(project._id), ...fields });
      }
    }
    const fields = {
      topic,
      name,
      teacher,
      length,
      tutorials: tutorials.map(({ _id: id, title }) => ({ _id: new Types.ObjectId(id), title })),
      projects: projects.map(({ _id: id, title, difficulty }) => ({ _id: new Types.ObjectId(id), title, difficulty })),
    };
    const event = domainEvent(EVENT_SUBJECTS.courseUpdated, { entityId: _id });
    if (previous) await this.outbox.update(this.courses, courseId, { $set: fields }, event);
    else await this.outbox.create(this.courses, { _id: courseId, createdAt: createdAtOf(courseId), ...fields }, event);
    // What the file no longer lists in this course leaves it (and stays, unattached).
    if (previous) await this.releaseDropped(courseId, previous, fields);
    this.courseList.written({ _id: courseId, createdAt: createdAtOf(courseId), ...fields });
    return previous ? 'updated' : 'created';
  }

  private async releaseDropped(courseId: Types.ObjectId, previous: CourseRecord, kept: Pick<CourseRecord, 'tutorials' | 'projects'>): Promise<void> {
    const keptIds = new Set([...kept.tutorials, ...kept.projects].map((entry) => String(entry._id)));
    for (const entry of previous.tutorials) {
      if (!keptIds.has(String(entry._id))) await this.tutorials.updateOne({ _id: entry._id, courseId }, { $set: { courseId: null } }).exec();
    }
    for (const entry of previous.projects) {
      if (!keptIds.has(String(entry._id))) await this.projects.updateOne({ _id: entry._id, courseId }, { $set: { courseId: null } }).exec();
    }
  }

  /**
   * The questions of a slice in one bulk write, each upsert carrying its own event (created or
   * updated) in the same document write; the relay publishes them right after.
   */
  private async upsertQuestions(questions: ImportedInterviewQuestionDto[]): Promise<number> {
    if (questions.length === 0) return 0;
    const existing = await this.questions.find({ _id: { $in: questions.map((q) => q._id) } }, { _id: 1 }).lean<Array<{ _id: Types.ObjectId }>>().exec();
    const known = new Set(existing.map((doc) => String(doc._id)));
    await this.questions.bulkWrite(
      questions.map(({ _id, topic, question, answer }) => {
        const fields = { topic, question, answer };
        const subject = known.has(_id) ? EVENT_SUBJECTS.interviewUpdated : EVENT_SUBJECTS.interviewCreated;
        return {
          updateOne: {
            filter: { _id },
            update: {
              $set: { ...fields, hasPendingEvents: true },
              $push: { pendingEvents: storedEvent(domainEvent(subject, { entityId: _id, ...fields })) },
              $setOnInsert: { createdAt: createdAtOf(_id) },
            },
            upsert: true,
          },
        };
      }),
      { ordered: true },
    );
    for (const { _id, topic, question, answer } of questions) {
      this.interviewList.written({ _id: new Types.ObjectId(_id), createdAt: createdAtOf(_id), topic, question, answer });
      this.relay.publishSoon(InterviewQuestionRecord.name, _id);
    }
    return questions.length - known.size;
  }
}

/** A block keeps its `_id` from the file, or gets a new one. */
function withId<T extends { _id?: string }>(block: T): T & { _id: Types.ObjectId } {
  return { ...block, _id: block._id ? new Types.ObjectId(block._id) : new Types.ObjectId() };
}

/** The item as its DTO when it keeps every rule; otherwise null, and one rejection naming where and why. */
async function checked<T extends object>(dto: new () => T, item: unknown, path: string, rejected: ImportRejection[]): Promise<T | null> {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) {
    rejected.push({ path, message: 'Each item must be an object.' });
    return null;
  }
  const instance = plainToInstance(dto, item);
  const errors = await validate(instance, VALIDATION);
  if (errors.length === 0) return instance;
  rejected.push({ path: `${path}.${firstPath(errors[0]!)}`, message: validationSentences(errors).join(' ') });
  return null;
}

/** `tutorials.2.title` → `tutorials[2].title`: the path to the first broken rule. */
function firstPath(error: ValidationError): string {
  let path = '';
  for (let current: ValidationError | undefined = error; current; current = current.children?.[0]) {
    path += /^\d+$/.test(current.property) ? `[${current.property}]` : `${path ? '.' : ''}${current.property}`;
  }
  return path;
}
