import { type CheckDifficulty, type CheckKind, type Course, DIFFICULTY_OF_PROJECT, type Difficulty, EVENT_SUBJECTS, isPostgresOnly, POSTGRES_ONLY_ENGINES, type SqlEngine } from '@dblearn/contracts';
import { type ReadModel, ReadModels } from '@dblearn/nest-common';
import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { AnyObject, Model } from 'mongoose';
import { idOf, idOrNull } from '../common/views.js';
import { CoursesReadModel } from '../courses/courses.read-model.js';
import { type CheckRecord, ProjectRecord } from '../common/project.schema.js';
import type { CatalogueExercise, CheckCounts } from './practice-list.js';
import { PracticeCountRecord } from './practice.schemas.js';

/** What the list needs of a project: never a reference, a hint or a quiz's answer. */
interface PracticeProject {
  _id: string;
  createdAt: number;
  title: string;
  difficulty: Difficulty;
  courseId: string | null;
  checks: { _id: string; kind: CheckKind; task: string; difficulty?: CheckDifficulty; engines?: SqlEngine[] }[];
}

interface CountsSummary extends CheckCounts {
  _id: string;
  changedAt: number;
}

/** SQL checks grade on both engines unless marked PostgreSQL-only (issue 32; one reading SQLite's catalogue with no PostgreSQL variant answers 400 there, and none is shipped). */
const ENGINES: Record<CheckKind, string[]> = { query: ['sqlite', 'postgres'], state: ['sqlite', 'postgres'], mongo: ['mongo'], quiz: [] };

/**
 * The practice list's exercises and their counts, in memory on every instance (the kit's read models,
 * following project, course and practice.counted events; decision 0034): every check of every
 * project of a course, in the courses' order (oldest course first, its projects in course order, the
 * checks in project order). Rebuilt from the read models when one of them changed, never per request.
 */
@Injectable()
export class PracticeCatalogue {
  private readonly projects: ReadModel<PracticeProject>;
  private readonly counts: ReadModel<CountsSummary>;
  private readonly projectsHeld = new Map<string, PracticeProject>();
  private readonly coursesHeld = new Map<string, Course>();
  private readonly countsHeld = new Map<string, CountsSummary>();
  private built: CatalogueExercise[] | null = null;

  constructor(
    @InjectModel(ProjectRecord.name) projects: Model<ProjectRecord>,
    @InjectModel(PracticeCountRecord.name) counts: Model<PracticeCountRecord>,
    courses: CoursesReadModel,
    readModels: ReadModels,
  ) {
    this.projects = readModels.create<PracticeProject>({
      name: 'practice-projects',
      model: projects,
      projection: { title: 1, difficulty: 1, courseId: 1, checks: 1, createdAt: 1 },
      toSummary: toPracticeProject,
      orderBy: 'createdAt',
      direction: 'asc',
      inMemoryWhenOff: true,
      // Every write of a project (its checks included) publishes project.updated.
      follow: {
        [EVENT_SUBJECTS.projectUpdated]: true,
        [EVENT_SUBJECTS.projectDeleted]: true,
        [EVENT_SUBJECTS.courseDeleted]: (event) => (event.projectIds as string[] | undefined) ?? [],
      },
    });
    this.counts = readModels.create<CountsSummary>({
      name: 'practice-counts',
      model: counts,
      projection: { tried: 1, passed: 1, changedAt: 1 },
      toSummary: (doc) => ({ _id: idOf(doc._id), tried: Number(doc.tried ?? 0), passed: Number(doc.passed ?? 0), changedAt: Number(doc.changedAt ?? 0) }),
      orderBy: 'changedAt',
      direction: 'asc',
      inMemoryWhenOff: true,
      follow: { [EVENT_SUBJECTS.practiceCounted]: true },
    });
    this.projects.observe(mirror(this.projectsHeld, () => (this.built = null)));
    this.counts.observe(mirror(this.countsHeld, () => undefined));
    courses.observe(mirror(this.coursesHeld, () => (this.built = null)));
  }

  /** Every exercise, in the courses' order. */
  exercises(): readonly CatalogueExercise[] {
    this.built ??= this.build();
    return this.built;
  }

  countsOf(checkId: string): CheckCounts | undefined {
    return this.countsHeld.get(checkId);
  }

  /** After this instance wrote a check's counts: memory follows at once (other instances by practice.counted). */
  countsWritten(doc: AnyObject): void {
    this.counts.written(doc);
  }

  private build(): CatalogueExercise[] {
    const exercises: CatalogueExercise[] = [];
    const courses = [...this.coursesHeld.values()].sort((a, b) => (a._id < b._id ? -1 : a._id > b._id ? 1 : 0));
    for (const course of courses) {
      for (const entry of course.projects) {
        const project = this.projectsHeld.get(entry._id);
        if (!project || project.courseId !== course._id) continue;
        for (const check of project.checks) {
          exercises.push({
            checkId: check._id,
            projectId: project._id,
            projectTitle: project.title,
            courseId: course._id,
            courseName: course.name,
            topic: course.topic,
            kind: check.kind,
            task: check.task,
            difficulty: check.difficulty ?? DIFFICULTY_OF_PROJECT[project.difficulty],
            engines: isPostgresOnly(check) ? [...POSTGRES_ONLY_ENGINES] : ENGINES[check.kind],
            haystack: `${check.task}\n${project.title}`.toLowerCase(),
          });
        }
      }
    }
    return exercises;
  }
}

/** A read model's changes into a map by `_id`, then `changed()`. */
function mirror<T extends { _id: string }>(held: Map<string, T>, changed: () => void) {
  return {
    loaded(items: readonly T[]) {
      held.clear();
      for (const item of items) held.set(item._id, item);
      changed();
    },
    upserted(item: T) {
      held.set(item._id, item);
      changed();
    },
    removed(id: string) {
      held.delete(id);
      changed();
    },
  };
}

function toPracticeProject(doc: AnyObject): PracticeProject {
  const checks = (doc.checks as CheckRecord[] | undefined) ?? [];
  return {
    _id: idOf(doc._id),
    createdAt: doc.createdAt instanceof Date ? doc.createdAt.getTime() : 0,
    title: String(doc.title ?? ''),
    difficulty: doc.difficulty as Difficulty,
    courseId: idOrNull(doc.courseId),
    checks: checks.map((check) => ({ _id: idOf(check._id), kind: check.kind ?? 'query', task: check.task, ...(check.difficulty ? { difficulty: check.difficulty } : {}), ...(check.engines ? { engines: check.engines } : {}) })),
  };
}
