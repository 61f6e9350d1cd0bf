import { DEFAULT_INTERVIEW_DIFFICULTY, EVENT_SUBJECTS, importIdConflict, importIdConflictMessage, isPostgresOnly, type ImportRejection, type ImportReport, type StoredCheck } from '@dblearn/contracts';
import { ImportedCourseDto, ImportedInterviewQuestionDto, type ImportSliceRequestDto } from '@dblearn/contracts/dto';
import { badRequest, type DocumentStore, domainEvent, InjectStore, validationSentences } from '@dblearn/nest-common';
import { Injectable } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validate, type ValidationError } from 'class-validator';
import { Types, type UpdateQuery } from 'mongoose';
import { checkRecordOf, checkRecordRefusal, gradedCheckOf, postgresCheckOf, storedCheckOf } from '../projects/check-records.js';
import { createdAtOf } from '../common/identity.js';
import { CourseRecord } from '../courses/course.schema.js';
import { CoursesReadModel } from '../courses/courses.read-model.js';
import { CoursesService } from '../courses/courses.service.js';
import { InterviewQuestionRecord } from '../interview/interview-question.schema.js';
import { InterviewReadModel } from '../interview/interview.read-model.js';
import { ProjectRecord } from '../common/project.schema.js';
import { POSTGRES_NOT_CHECKED_MESSAGE, PostgresGradingService, type PgVerdict } from '../postgres-lab/postgres-grading.service.js';
import { RunnableIndex } from '../sandboxes/runnable.read-models.js';
import { type RunnableSandbox, runnableOf, SandboxesService } from '../sandboxes/sandboxes.service.js';
import { TutorialRecord } from '../common/tutorial.schema.js';

/** Whether an import asks PostgreSQL, and its word on one part (null: it runs there, or it could not be asked). */
interface PostgresJudge {
  judge: boolean;
  refusalOf: (verdict: PgVerdict) => string | null;
}

/** The field of a check a refusal on PostgreSQL is about: its PostgreSQL variant when it has one (else the SQLite part, which runs on both). */
function postgresPartOf(message: string, check: StoredCheck): string {
  const variant = (field: 'referenceSql' | 'verifySql' | 'probes') => (check[`${field}Postgres` as keyof StoredCheck] === undefined ? field : `${field}Postgres`);
  if (check.kind === 'state' && /\bverification\b/i.test(message)) return variant('verifySql');
  if (check.kind === 'state' && /\bProbe \d+/.test(message)) return variant('probes');
  return variant('referenceSql');
}

/** The same strictness as a request: unknown fields and wrong types are rule breaks too. */
export const VALIDATION = { whitelist: true, forbidNonWhitelisted: true } as const;

/**
 * CONTRACT "Content export and import": upserts by `_id`. Each course (with its tutorials and
 * projects) and each interview question is checked on its own; an invalid one is rejected with the
 * path of the first rule it breaks and every broken rule, and nothing of it is written.
 */
@Injectable()
export class ImportService {
  constructor(
    @InjectStore(CourseRecord.name) private readonly courses: DocumentStore<CourseRecord>,
    @InjectStore(TutorialRecord.name) private readonly tutorials: DocumentStore<TutorialRecord>,
    @InjectStore(ProjectRecord.name) private readonly projects: DocumentStore<ProjectRecord>,
    @InjectStore(InterviewQuestionRecord.name) private readonly questions: DocumentStore<InterviewQuestionRecord>,
    private readonly courseList: CoursesReadModel,
    private readonly interviewList: InterviewReadModel,
    private readonly sandboxes: SandboxesService,
    private readonly index: RunnableIndex,
    /** Takes an item out of a course: the one place that writes an item's `courseId` after a check. */
    private readonly membership: CoursesService,
    private readonly postgres: PostgresGradingService,
  ) {}

  /**
   * `onPostgres` false: SQLite's judgement alone (the content sync at start: the shipped folder is
   * judged on PostgreSQL by its specs, and a first start should not wait for every reference there).
   */
  async importSlice({ courses = [], interviewQuestions = [], courseOffset, interviewOffset }: ImportSliceRequestDto, { onPostgres = true }: { onPostgres?: boolean } = {}): Promise<ImportReport> {
    // The gateway checks the whole file first; a slice (or the command's whole file) is checked again here.
    const conflict = importIdConflict(courses, courseOffset);
    if (conflict) throw badRequest(importIdConflictMessage(conflict));
    const report: ImportReport = { created: 0, updated: 0, rejected: [] };
    const judged = { onPostgres, postgresAway: false };
    const validCourses = await this.runnable(await unique(ImportedCourseDto, courses, 'courses', courseOffset, report.rejected), courses, courseOffset, report.rejected, judged);
    const validQuestions = await unique(ImportedInterviewQuestionDto, interviewQuestions, 'interviewQuestions', interviewOffset, report.rejected);
    for (const created of [await this.upsertCourses(validCourses), await this.upsertQuestions(validQuestions)]) {
      report.created += created;
    }
    report.updated += validCourses.length + validQuestions.length - report.created;
    // Stored on SQLite's judgement alone: said, so the admin knows PostgreSQL never saw this SQL.
    return judged.postgresAway ? { ...report, postgresNotChecked: POSTGRES_NOT_CHECKED_MESSAGE } : report;
  }

  /**
   * The courses whose sandbox runs and whose checks' reference queries run on it (the imported
   * sandbox, or the course's own when the file has none), as PUT checks them, on SQLite and on
   * PostgreSQL when the lab is reachable; the others are rejected whole. A good sandbox is stored
   * (by hash) here, its pointer set with the course.
   */
  private async runnable(valid: ImportedCourseDto[], items: unknown[], offset: number, rejected: ImportRejection[], judged: { onPostgres: boolean; postgresAway: boolean }): Promise<ImportedCourseDto[]> {
    const kept: ImportedCourseDto[] = [];
    // The grader keeps the scripts it built per sandbox: a sandbox shared by courses is judged once.
    const onPostgres: PostgresJudge = {
      judge: judged.onPostgres,
      refusalOf: (verdict) => {
        if (verdict.checked) return verdict.refusal;
        if (verdict.why === 'unavailable') judged.postgresAway = true;
        return null;
      },
    };
    for (const course of valid) {
      const path = `courses[${offset + items.findIndex((item) => (item as { _id?: unknown })?._id === course._id)}]`;
      const refusal = await this.runnableRefusal(course, onPostgres);
      if (refusal) rejected.push({ path: `${path}.${refusal.path}`, message: refusal.message });
      else kept.push(course);
    }
    return kept;
  }

  private async runnableRefusal(course: ImportedCourseDto, onPostgres: PostgresJudge): Promise<ImportRejection | null> {
    let sandbox: RunnableSandbox | null;
    if (course.sandbox) {
      const imported = runnableOf(course.sandbox);
      sandbox = imported;
      const [onSqlite, onPg] = await Promise.all([this.sandboxes.refusal(course.sandbox), onPostgres.judge && this.postgres.sandboxVerdict(imported).then(onPostgres.refusalOf)]);
      const refused = onSqlite ?? onPg;
      if (refused) return { path: refused.startsWith('The hidden variant') ? 'sandbox.hiddenSource' : 'sandbox.source', message: refused };
    } else {
      sandbox = course.sandbox === null ? null : await this.sandboxes.forRun(course._id);
    }
    const checks = course.projects.flatMap((project, p) => (project.checks ?? []).map((check, c) => ({ check, path: `projects[${p}].checks[${c}]` })));
    for (const { check, path } of checks) {
      const malformed = checkRecordRefusal(check);
      if (malformed) return { path, message: malformed };
    }
    const stored = checks.map(({ check }) => storedCheckOf(checkRecordOf(check, new Types.ObjectId(check._id))));
    const onPg = onPostgres.judge && sandbox?.kind === 'sql' ? sandbox : null;
    // The query checks on PostgreSQL all at once (each dataset loaded once), while SQLite judges them one by one.
    const queries = stored.flatMap((check, index) => {
      const onBoth = check.kind === 'query' ? postgresCheckOf(check) : null;
      return onBoth?.kind === 'query' ? [{ index, check: onBoth }] : [];
    });
    const queryVerdicts = onPg && queries.length > 0 ? this.postgres.queryReferenceVerdicts(onPg, queries.map(({ check }) => check)) : Promise.resolve([]);
    // Left unawaited when SQLite refuses a check first: never an unhandled rejection.
    queryVerdicts.catch(() => undefined);
    const postgresRefusal = async (check: StoredCheck, index: number): Promise<string | null> => {
      if (!onPg) return null;
      if (check.kind === 'state') return onPostgres.refusalOf(await this.postgres.referenceVerdict(onPg, postgresCheckOf(check)));
      const at = queries.findIndex((query) => query.index === index);
      return at < 0 ? null : onPostgres.refusalOf((await queryVerdicts)[at]!);
    };
    for (const [index, { path }] of checks.entries()) {
      const check = stored[index]!;
      const graded = gradedCheckOf(check);
      // Both engines at once (the admins' SQLite lane, PostgreSQL's pool): an import waits for the slower, not the sum.
      // A check graded on PostgreSQL only (ROLLUP, JSONB) is not run on SQLite.
      const onSqlite = graded && !isPostgresOnly(check) ? graded : null;
      const [refused, failed] = await Promise.all([onSqlite ? this.sandboxes.referenceRefusal(sandbox, onSqlite) : null, postgresRefusal(check, index)]);
      if (refused) return { path: `${path}.${onSqlite?.kind === 'mongo' ? 'referenceQuery' : 'referenceSql'}`, message: refused };
      if (failed) return { path: `${path}.${postgresPartOf(failed, check)}`, message: failed.startsWith('On PostgreSQL') ? failed : `On PostgreSQL: ${failed}` };
    }
    return null;
  }

  /**
   * The courses of a slice with their tutorials and projects, in a few bulk writes through their
   * stores. Each course write carries its course.updated, each existing project's its
   * project.updated (learners' copies follow), in the same document write.
   */
  private async upsertCourses(courses: ImportedCourseDto[]): Promise<number> {
    if (courses.length === 0) return 0;
    const projectIds = courses.flatMap((course) => course.projects.map((project) => project._id));
    const tutorialIds = courses.flatMap((course) => course.tutorials.map((tutorial) => tutorial._id));
    const projectOwners = await this.owners(this.projects, projectIds);
    const tutorialOwners = await this.owners(this.tutorials, tutorialIds);

    const tutorialWrites = courses.flatMap(({ _id, tutorials }) =>
      tutorials.map((tutorial) => ({
        id: tutorial._id,
        update: { $set: { title: tutorial.title, courseId: new Types.ObjectId(_id), contents: tutorial.contents.map(withId) }, $setOnInsert: { createdAt: createdAtOf(tutorial._id) } },
        upsert: true,
      })),
    );
    const projectWrites = courses.flatMap(({ _id, projects }) =>
      projects.map((project) => {
        const fields = {
          title: project.title,
          difficulty: project.difficulty,
          // null where a file has none, so a category taken out of the file is taken off the project.
          category: project.category ?? null,
          courseId: new Types.ObjectId(_id),
          contents: project.contents.map(withId),
          // Absent: the project keeps its checks.
          ...(project.checks ? { checks: project.checks.map((check) => checkRecordOf(check, new Types.ObjectId(check._id))) } : {}),
        };
        const event = domainEvent(EVENT_SUBJECTS.projectUpdated, { entityId: project._id, title: project.title, difficulty: project.difficulty, courseId: _id });
        // New projects too: the read models that follow project.updated (the practice list, its
        // exercises) learn of a project only so; without it a first start's list stayed empty.
        return { id: project._id, update: upsertOf(fields, createdAtOf(project._id)), events: event, upsert: true };
      }),
    );
    const courseDocs = [];
    for (const { _id, topic, name, teacher, length, tutorials, projects, sandbox } of courses) {
      courseDocs.push({
        _id: new Types.ObjectId(_id),
        topic,
        name,
        teacher,
        length,
        tutorials: tutorials.map(({ _id: id, title }) => ({ _id: new Types.ObjectId(id), title })),
        projects: projects.map(({ _id: id, title, difficulty }) => ({ _id: new Types.ObjectId(id), title, difficulty })),
        // Absent: the course keeps its sandbox; null: it has none from now on.
        ...(sandbox === undefined ? {} : { sandbox: sandbox ? await this.sandboxes.store(sandbox) : null }),
      });
    }
    // No other write of these items in between: their writes, the index of their checks and the
    // clearing of their events as one step, over before any release below takes one of them.
    const items = { tutorials: new Set(courses.flatMap((c) => c.tutorials.map((item) => item._id))), projects: new Set(courses.flatMap((c) => c.projects.map((item) => item._id))) };
    await this.membership.withItems(
      items,
      async () => {
        await this.tutorials.updateAll(tutorialWrites);
        // The project.updated events go out before this step ends: learners' copies follow.
        await this.projects.updateAll(projectWrites, 'now');
        for (const { _id, projects } of courses) {
          for (const project of projects) {
            if (project.checks) this.index.projectWritten({ _id: project._id, createdAt: createdAtOf(project._id), courseId: _id, checks: project.checks });
          }
        }
      },
    );
    // In one step of the courses (an attach writes its entry in such a step too): what each course
    // lists before this write decides what is released after it.
    const courseIds = courses.map((c) => c._id);
    const courseWrites = courseDocs.map(({ _id, ...fields }) => ({
      id: _id,
      update: upsertOf(fields, createdAtOf(_id)),
      events: domainEvent(EVENT_SUBJECTS.courseUpdated, { entityId: String(_id) }),
      upsert: true,
    }));
    const previous = await this.membership.withCourses(courseIds, async () => {
      const before = new Map((await this.courses.findByIds<CourseRecord>(courseIds, { tutorials: 1, projects: 1 })).map((c) => [String(c._id), c]));
      // The relay publishes the course.updated events in the background.
      await this.courses.updateAll(courseWrites, 'soon');
      return before;
    });
    // An item the file moves here from another course leaves that course's list (issue 17), as an attach does.
    for (const { _id, tutorials, projects } of courses) {
      for (const [kind, items, owners] of [
        ['tutorials', tutorials, tutorialOwners],
        ['projects', projects, projectOwners],
      ] as const) {
        for (const item of items) {
          const from = owners.get(item._id);
          if (from && from !== _id) await this.membership.dropEntry(kind, from, item._id);
        }
      }
    }
    for (const doc of courseDocs) {
      const before = previous.get(String(doc._id));
      // What the file no longer lists in this course leaves it (and stays, unattached).
      if (before) await this.releaseDropped(doc._id, before, doc);
      this.courseList.written({ ...doc, createdAt: createdAtOf(doc._id) });
      if ('sandbox' in doc) this.index.courseWritten({ _id: doc._id, createdAt: createdAtOf(doc._id), sandbox: doc.sandbox });
    }
    return courses.length - previous.size;
  }

  private async releaseDropped(courseId: Types.ObjectId, previous: CourseRecord, kept: Pick<CourseRecord, 'tutorials' | 'projects'>): Promise<void> {
    const keptIds = new Set([...kept.tutorials, ...kept.projects].map((entry) => String(entry._id)));
    for (const kind of ['tutorials', 'projects'] as const) {
      for (const entry of previous[kind]) {
        // An item the file moved to another course points there already and is left alone.
        if (!keptIds.has(String(entry._id))) await this.membership.release(kind, String(entry._id), String(courseId));
      }
    }
  }

  /** The questions of a slice through their store (inserts for new ones), each write carrying its created or updated event. */
  private async upsertQuestions(questions: ImportedInterviewQuestionDto[]): Promise<number> {
    if (questions.length === 0) return 0;
    const known = await this.existingIds(this.questions, questions.map((q) => q._id));
    await this.questions.updateAll(
      questions
        .filter((q) => known.has(q._id))
        .map(({ _id, topic, question, answer, difficulty = DEFAULT_INTERVIEW_DIFFICULTY }) => ({
          id: _id,
          update: { $set: { topic, question, answer, difficulty } },
          events: domainEvent(EVENT_SUBJECTS.interviewUpdated, { entityId: _id, topic, question, answer }),
        })),
      'soon',
    );
    // New documents go in as inserts: FerretDB's upserts cost a lookup and a write each.
    await this.questions.createAll(
      questions
        .filter((q) => !known.has(q._id))
        .map(({ _id, topic, question, answer, difficulty = DEFAULT_INTERVIEW_DIFFICULTY }) => ({
          doc: { _id: new Types.ObjectId(_id), createdAt: createdAtOf(_id), topic, question, answer, difficulty },
          events: domainEvent(EVENT_SUBJECTS.interviewCreated, { entityId: _id, topic, question, answer }),
        })),
      'soon',
    );
    for (const { _id, topic, question, answer, difficulty = DEFAULT_INTERVIEW_DIFFICULTY } of questions) {
      this.interviewList.written({ _id: new Types.ObjectId(_id), createdAt: createdAtOf(_id), topic, question, answer, difficulty });
    }
    return questions.length - known.size;
  }

  /** The existing items among these ids, each with the course it belongs to now ('' for none). */
  private async owners<T>(store: DocumentStore<T>, ids: string[]): Promise<Map<string, string>> {
    const found = await store.findByIds<{ _id: Types.ObjectId; courseId?: Types.ObjectId | null }>(ids, { _id: 1, courseId: 1 });
    return new Map(found.map((doc) => [String(doc._id), doc.courseId ? String(doc.courseId) : '']));
  }

  private async existingIds<T>(store: DocumentStore<T>, ids: string[]): Promise<Set<string>> {
    const found = await store.findByIds<{ _id: Types.ObjectId }>(ids, { _id: 1 });
    return new Set(found.map((doc) => String(doc._id)));
  }
}

/** The fields of an upsert by `_id`, with the creation time a new document gets. */
function upsertOf<T>(fields: object, createdAt: Date): UpdateQuery<T> {
  return { $set: fields, $setOnInsert: { createdAt } } as UpdateQuery<T>;
}

/** Each item checked on its own; the valid ones in file order, a repeated `_id` rejected at its second place. */
async function unique<T extends { _id: string }>(dto: new () => T, items: unknown[], part: string, offset: number, rejected: ImportRejection[]): Promise<T[]> {
  const valid = new Map<string, T>();
  for (const [index, item] of items.entries()) {
    const path = `${part}[${offset + index}]`;
    const checkedItem = await checked(dto, item, path, rejected);
    if (checkedItem && valid.has(checkedItem._id)) rejected.push({ path: `${path}._id`, message: 'This _id appears earlier in the file.' });
    else if (checkedItem) valid.set(checkedItem._id, checkedItem);
  }
  return [...valid.values()];
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
export function firstPath(error: ValidationError): string {
  let path = '';
  for (let current: ValidationError | undefined = error; current; current = current.children?.[0]) {
    path += /^\d+$/.test(current.property) ? `[${current.property}]` : `${path ? '.' : ''}${current.property}`;
  }
  return path;
}
