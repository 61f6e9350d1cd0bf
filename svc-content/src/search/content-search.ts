import type { Course, ServiceSearch } from '@dblearn/contracts';
import type { SearchRequestDto } from '@dblearn/contracts/dto';
import { findByIds, SearchIndex } from '@dblearn/nest-common';
import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { CoursesReadModel } from '../courses/courses.read-model.js';
import { InterviewReadModel } from '../interview/interview.read-model.js';
import { ItemCache } from '../item-cache/item-cache.js';
import { ProjectRecord } from '../common/project.schema.js';
import { TutorialRecord } from '../common/tutorial.schema.js';
import { courseDocument, interviewDocument, type ItemText, itemDocument } from './content-documents.js';

type ItemKind = 'tutorial' | 'project';
const ITEM_FIELDS = { tutorial: { title: 1, contents: 1 }, project: { title: 1, contents: 1, checks: 1 } } as const;
/** Writes that land together are read back together. */
const BATCH_MS = 20;
const RETRY_MS = 1_000;

/**
 * The curriculum in a full-text index (issue 22, decision 0012). Courses and interview questions
 * mirror their read models (loaded at start, changed by this instance's writes and every instance's
 * events). A tutorial or project is indexed while a course lists it, found at "Topic › Course"; its
 * text is read by `_id` when its course lists it and again after every write of it that the item
 * cache hears of, on any instance and by any writer (services, import, seed), so an admin's edit is
 * findable within milliseconds. No collection is ever scanned for it.
 */
@Injectable()
export class ContentSearch implements OnApplicationShutdown {
  private readonly logger = new Logger('ContentSearch');
  private readonly index = new SearchIndex();
  private readonly courses = new Map<string, Course>();
  /** Tutorial or project → the course that lists it. */
  private readonly listedIn = new Map<string, { kind: ItemKind; courseId: string }>();
  private readonly toRead = new Set<string>();
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    @InjectModel(TutorialRecord.name) private readonly tutorials: Model<TutorialRecord>,
    @InjectModel(ProjectRecord.name) private readonly projects: Model<ProjectRecord>,
    courses: CoursesReadModel,
    interview: InterviewReadModel,
    items: ItemCache,
  ) {
    courses.observe({
      loaded: (all) => {
        for (const id of [...this.courses.keys()]) this.courseRemoved(id);
        for (const course of all) this.coursePut(course);
      },
      upserted: (course) => this.coursePut(course),
      removed: (id) => this.courseRemoved(id),
    });
    interview.observe({
      loaded: (all) => {
        for (const id of [...this.index.ids()]) if (this.index.get(id)?.kind === 'interview') this.index.remove(id);
        for (const question of all) this.index.put(interviewDocument(question));
      },
      upserted: (question) => this.index.put(interviewDocument(question)),
      removed: (id) => this.index.remove(id),
    });
    items.onChange((kind, id) => {
      if (kind !== 'tutorial' && kind !== 'project') return;
      if (id !== null) this.read([id]);
      else this.read([...this.listedIn].filter(([, entry]) => entry.kind === kind).map(([itemId]) => itemId));
    });
  }

  search({ q, kind, limit }: SearchRequestDto): ServiceSearch {
    if (kind === 'qna') return { hits: [], counts: {} };
    return this.index.search(q, { kind, limit });
  }

  onApplicationShutdown(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
  }

  private coursePut(course: Course): void {
    this.courses.set(course._id, course);
    this.index.put(courseDocument(course));
    const listed = new Set<string>();
    for (const [kind, entries] of [['tutorial', course.tutorials], ['project', course.projects]] as const) {
      for (const { _id } of entries) {
        listed.add(_id);
        this.listedIn.set(_id, { kind, courseId: course._id });
      }
    }
    for (const [id, entry] of this.listedIn) {
      if (entry.courseId === course._id && !listed.has(id)) this.itemGone(id);
    }
    // Read again: the course's name or topic (its location) may have changed, or the item is new to it.
    this.read([...listed]);
  }

  private courseRemoved(id: string): void {
    this.courses.delete(id);
    this.index.remove(id);
    for (const [itemId, entry] of this.listedIn) if (entry.courseId === id) this.itemGone(itemId);
  }

  private itemGone(id: string): void {
    this.listedIn.delete(id);
    this.index.remove(id);
  }

  private read(ids: readonly string[]): void {
    for (const id of ids) this.toRead.add(id);
    if (this.timer || this.stopped || this.toRead.size === 0) return;
    this.timer = setTimeout(() => void this.readNow(), BATCH_MS);
  }

  /** Reads the waiting items by `_id` and indexes those a course lists; the rest leave the index. */
  private async readNow(): Promise<void> {
    const ids = [...this.toRead];
    this.toRead.clear();
    try {
      for (const kind of ['tutorial', 'project'] as const) {
        const model: Model<TutorialRecord> | Model<ProjectRecord> = kind === 'tutorial' ? this.tutorials : this.projects;
        const wanted = ids.filter((id) => this.listedIn.get(id)?.kind === kind);
        const found = await findByIds<unknown, ItemText>(model as Model<unknown>, wanted, ITEM_FIELDS[kind]);
        const byId = new Map(found.map((item) => [String(item._id), item]));
        for (const id of wanted) {
          const entry = this.listedIn.get(id);
          const course = entry && this.courses.get(entry.courseId);
          const item = byId.get(id);
          if (entry?.kind === kind && course && item) this.index.put(itemDocument(kind, item, course));
          else this.index.remove(id);
        }
      }
      // Not listed by any course (any more): not findable.
      for (const id of ids) if (!this.listedIn.has(id)) this.index.remove(id);
      this.timer = null;
    } catch (error) {
      this.logger.warn(`Could not read ${ids.length} items for the search index (${error instanceof Error ? error.message : String(error)}); again in ${RETRY_MS} ms.`);
      for (const id of ids) this.toRead.add(id);
      this.timer = this.stopped ? null : setTimeout(() => void this.readNow(), RETRY_MS);
      return;
    }
    if (this.toRead.size > 0) this.read([]);
  }
}
