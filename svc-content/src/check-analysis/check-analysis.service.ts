import {
  CHECK_NOT_FOUND_MESSAGE,
  type CheckAnalysis,
  type CheckFigures,
  type CourseDeletedEvent,
  type DomainEvent,
  EVENT_SUBJECTS,
  type ListPage,
  LIST_PAGE_SIZE,
  type StoredCheck,
} from '@dblearn/contracts';
import type { CheckAnalysisQueryDto, CheckAttemptedEvent, CheckAnalysisSort, SolutionShownEvent } from '@dblearn/contracts/dto';
import { type DocumentStore, EventHandler, InjectStore, notFound, type ReadModel, ReadModels } from '@dblearn/nest-common';
import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type AnyObject, type Model, Types } from 'mongoose';
import { idOf } from '../common/views.js';
import { CourseRecord } from '../courses/course.schema.js';
import { CoursesReadModel } from '../courses/courses.read-model.js';
import { ProjectRecord } from '../common/project.schema.js';
import { RunnableIndex } from '../sandboxes/runnable.read-models.js';
import { type CheckStats, emptyStats, figuresOf, medianAttempts, topWrongAnswer, withAttempt } from './check-stats.js';
import { CheckStatsRecord } from './check-stats.schema.js';
import { normalizeAnswer, topWrongAnswers } from './wrong-answers.js';

/** What memory keeps per check: the stats without the candidates, and the top wrong answer. */
type StatsSummary = Omit<CheckStats, 'candidates'> & { _id: string; top: CheckFigures['topWrongAnswer'] };

const TASK_EXCERPT_CHARS = 160;

const SORT_KEYS: Record<CheckAnalysisSort, (summary: StatsSummary) => number> = {
  tried: (summary) => summary.tried,
  passRate: (summary) => (summary.tried > 0 ? summary.passed / summary.tried : -1),
  medianAttempts: (summary) => medianAttempts(summary.attemptsToPass) ?? 0,
  reveals: (summary) => summary.solutionsRevealed,
};

function statsOf(doc: AnyObject): CheckStats {
  const stats = emptyStats(String(doc.projectId));
  return {
    ...stats,
    tried: Number(doc.tried ?? 0),
    passed: Number(doc.passed ?? 0),
    attemptsToPass: (doc.attemptsToPass as number[] | undefined) ?? stats.attemptsToPass,
    failuresReached: (doc.failuresReached as number[] | undefined) ?? stats.failuresReached,
    solutionsRevealed: Number(doc.solutionsRevealed ?? 0),
    failureKinds: (doc.failureKinds as Record<string, number> | undefined) ?? {},
    candidates: (doc.candidates as CheckStats['candidates'] | undefined) ?? [],
  };
}

function toSummary(doc: AnyObject): StatsSummary {
  const { candidates: _candidates, ...stats } = statsOf(doc);
  return { ...stats, _id: idOf(doc._id as Types.ObjectId), top: topWrongAnswer(statsOf(doc)) };
}

/**
 * Authors' analysis of checks (issue 34, decision 0035): svc-content's durable consumer counts the
 * counted attempts and revealed solutions into one bounded document per check; the figures of
 * every check stay in memory on every instance (the kit's read model, following the same events),
 * so the admin list sorts and pages without a query; one check's wrong answers are read by `_id`.
 * A check that is gone (edited into a new id, removed, its project or course deleted) drops its stats.
 */
@Injectable()
export class CheckAnalysisService {
  private readonly list: ReadModel<StatsSummary>;
  /** Every check's summary, for sorting: fed by the read model (loaded, then every change). */
  private readonly summaries = new Map<string, StatsSummary>();

  constructor(
    @InjectStore(CheckStatsRecord.name) private readonly stats: DocumentStore<CheckStatsRecord>,
    @InjectModel(ProjectRecord.name) private readonly projects: Model<ProjectRecord>,
    @InjectModel(CourseRecord.name) private readonly courseRecords: Model<CourseRecord>,
    private readonly index: RunnableIndex,
    private readonly courses: CoursesReadModel,
    readModels: ReadModels,
  ) {
    const statsOfProjects = (projectIds: readonly string[]) => this.statsOfProjects(projectIds);
    this.list = readModels.create<StatsSummary>({
      name: 'check-stats',
      model: stats.model,
      projection: { projectId: 1, tried: 1, passed: 1, attemptsToPass: 1, failuresReached: 1, solutionsRevealed: 1, failureKinds: 1, candidates: 1 },
      toSummary,
      orderBy: '_id',
      direction: 'asc',
      // Sorted here, by any figure: in memory whatever READ_MODEL says.
      inMemoryWhenOff: true,
      // Every instance re-reads a check's stats when they change (the consumer writes them on one).
      follow: {
        [EVENT_SUBJECTS.checkAttempted]: true,
        [EVENT_SUBJECTS.solutionShown]: true,
        [EVENT_SUBJECTS.projectUpdated]: (event) => statsOfProjects([event.entityId]),
        [EVENT_SUBJECTS.projectDeleted]: (event) => statsOfProjects([event.entityId]),
        [EVENT_SUBJECTS.courseDeleted]: (event) => statsOfProjects((event.projectIds as string[] | undefined) ?? []),
      },
    });
    this.list.observe({
      loaded: (items) => {
        this.summaries.clear();
        for (const item of items) this.summaries.set(item._id, item);
      },
      upserted: (item) => this.summaries.set(item._id, item),
      removed: (id) => this.summaries.delete(id),
    });
  }

  @EventHandler(EVENT_SUBJECTS.checkAttempted)
  async attempted(event: CheckAttemptedEvent): Promise<void> {
    const check = await this.currentCheck(event.projectId, event.entityId);
    // A late event of a check removed since: nothing to count it for.
    if (!check) return;
    const normalized = event.passed ? '' : normalizeAnswer(check.kind, event.answer);
    await this.change(event.entityId, event.projectId, (stats) => withAttempt(stats, event, normalized));
  }

  @EventHandler(EVENT_SUBJECTS.solutionShown)
  async solutionShown(event: SolutionShownEvent): Promise<void> {
    if (!(await this.currentCheck(event.projectId, event.entityId))) return;
    await this.change(event.entityId, event.projectId, (stats) => ({ ...stats, solutionsRevealed: stats.solutionsRevealed + 1 }));
  }

  /** A check edited into a new id or removed leaves the project's checks: its stats go. */
  @EventHandler(EVENT_SUBJECTS.projectUpdated)
  async projectUpdated(event: DomainEvent): Promise<void> {
    const doc = await this.projects.findById(event.entityId, { 'checks._id': 1 }).lean<AnyObject>().exec();
    const current = new Set(((doc?.checks as { _id: unknown }[] | undefined) ?? []).map((check) => String(check._id)));
    await this.drop(this.statsOfProjects([event.entityId]).filter((checkId) => !current.has(checkId)));
  }

  @EventHandler(EVENT_SUBJECTS.projectDeleted)
  projectDeleted(event: DomainEvent): Promise<void> {
    return this.drop(this.statsOfProjects([event.entityId]));
  }

  @EventHandler(EVENT_SUBJECTS.courseDeleted)
  courseDeleted(event: CourseDeletedEvent): Promise<void> {
    return this.drop(this.statsOfProjects(event.projectIds ?? []));
  }

  /** Every check that has figures, sorted (ties by id), one page: from memory. */
  async page(query: CheckAnalysisQueryDto): Promise<ListPage<CheckFigures>> {
    const key = SORT_KEYS[query.sort ?? 'tried'];
    const sign = query.order === 'asc' ? 1 : -1;
    const sorted = [...this.summaries.values()].sort((a, b) => sign * (key(a) - key(b)) || a._id.localeCompare(b._id));
    const pageSize = query.pageSize ?? LIST_PAGE_SIZE.default;
    const offset = ((query.page ?? 1) - 1) * pageSize;
    const items = await Promise.all(sorted.slice(offset, offset + pageSize).map((summary) => this.figures(summary, summary.top)));
    return { items, total: sorted.length };
  }

  /** One check of the project: its figures and its five most common wrong answers (zeros before any attempt); 404 for no such check. */
  async find(projectId: string, checkId: string): Promise<CheckAnalysis> {
    if (!(await this.currentCheck(projectId, checkId))) throw notFound(CHECK_NOT_FOUND_MESSAGE);
    const doc = await this.stats.findById<AnyObject>(new Types.ObjectId(checkId));
    const stats = doc ? statsOf(doc) : emptyStats(projectId);
    const wrongAnswers = topWrongAnswers(stats.candidates);
    const { candidates: _candidates, ...counters } = stats;
    const figures = await this.figures({ ...counters, _id: checkId, top: null }, wrongAnswers[0] ?? null);
    return { ...figures, wrongAnswers };
  }

  private async figures(summary: StatsSummary, top: CheckFigures['topWrongAnswer']): Promise<CheckFigures> {
    const project = await this.index.checksOf(summary.projectId);
    const check = project?.checks.find((item) => item._id === summary._id);
    const courseId = project?.courseId ?? null;
    const task = check?.task ?? '';
    return {
      checkId: summary._id,
      projectId: summary.projectId,
      projectTitle: project?.title ?? '',
      courseId,
      courseName: courseId ? await this.courseName(courseId) : null,
      kind: check?.kind ?? 'query',
      task: task.length > TASK_EXCERPT_CHARS ? `${task.slice(0, TASK_EXCERPT_CHARS - 1)}…` : task,
      hintCount: check?.hints.length ?? 0,
      ...figuresOf({ ...summary, candidates: [] }, check?.hints.length ?? 0),
      topWrongAnswer: top,
    };
  }

  /** From memory; by `_id` with READ_MODEL=off, where the course list is not held. */
  private async courseName(courseId: string): Promise<string | null> {
    const listed = this.courses.get(courseId);
    if (listed) return listed.name;
    const doc = await this.courseRecords.findById(courseId, { name: 1 }).lean<{ name?: string }>().exec();
    return doc?.name ?? null;
  }

  /** The check as its project holds it now: memory first, else the project read by `_id` (added a moment ago elsewhere). */
  private async currentCheck(projectId: string, checkId: string): Promise<StoredCheck | null> {
    const listed = (await this.index.checksOf(projectId))?.checks.find((check) => check._id === checkId);
    if (listed) return listed;
    const doc = await this.projects.findById(projectId, { 'checks._id': 1, 'checks.kind': 1, 'checks.task': 1, 'checks.hints': 1 }).lean<AnyObject>().exec();
    const found = ((doc?.checks as AnyObject[] | undefined) ?? []).find((check) => String(check._id) === checkId);
    return found ? ({ _id: checkId, kind: (found.kind as StoredCheck['kind'] | undefined) ?? 'query', task: String(found.task ?? ''), hints: (found.hints as string[] | undefined) ?? [] } as StoredCheck) : null;
  }

  /** Read, change and write one check's stats under its lock (another instance may count the same check). */
  private async change(checkId: string, projectId: string, apply: (stats: CheckStats) => CheckStats): Promise<void> {
    const _id = new Types.ObjectId(checkId);
    await this.stats.atomically(_id, async () => {
      const doc = await this.stats.findById<AnyObject>(_id);
      const next = apply(doc ? statsOf(doc) : emptyStats(projectId));
      await this.stats.model.replaceOne({ _id }, { _id, ...next }, { upsert: true }).exec();
      this.list.written({ _id, ...next });
    });
  }

  private statsOfProjects(projectIds: readonly string[]): string[] {
    return [...this.summaries.values()].filter((summary) => projectIds.includes(summary.projectId)).map((summary) => summary._id);
  }

  private async drop(checkIds: readonly string[]): Promise<void> {
    for (const checkId of checkIds) {
      const _id = new Types.ObjectId(checkId);
      await this.stats.atomically(_id, () => this.stats.model.deleteOne({ _id }).exec());
    }
    this.list.deleted(checkIds);
  }
}

