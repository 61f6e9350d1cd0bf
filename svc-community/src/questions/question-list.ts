import { EVENT_SUBJECTS, type ListPage, type QnaQuestionSummary, type Topic } from '@dblearn/contracts';
import { type ReadModel, type ReadModelObserver, ReadModels } from '@dblearn/nest-common';
import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { AnyObject, Model } from 'mongoose';
import { QuestionCache } from './question-cache.js';
import { AuthorNames } from '../authors/author-names.js';
import { toSummary, withAuthorNow } from './question.mapper.js';
import { Question, type StoredQuestion } from './questions.schema.js';

/**
 * GET /qna from the kit's read model: newest first by datePosted (an ISO string, so text order is
 * time order; equal dates by id), per topic, with reply counts. Saved as a snapshot so that a start
 * at 100,000 questions takes seconds. Every community event also drops that question from this
 * instance's detail cache, so another instance's write is never served stale here.
 */
@Injectable()
export class QuestionList {
  private readonly list: ReadModel<QnaQuestionSummary>;

  constructor(
    @InjectModel(Question.name) questions: Model<Question>,
    readModels: ReadModels,
    cache: QuestionCache,
    private readonly names: AuthorNames,
  ) {
    const changed = (event: { entityId: string }): readonly string[] => {
      cache.drop(event.entityId);
      return [event.entityId];
    };
    this.list = readModels.create<QnaQuestionSummary>({
      name: 'questions',
      model: questions,
      // The author by account id only: the name is added per answer (withAuthorNow), the e-mail of an old post never read.
      projection: { topic: 1, title: 1, description: 1, authorId: 1, datePosted: 1, replies: 1, acceptedReplyId: 1, sandboxCourseId: 1 },
      toSummary: (doc: AnyObject) => toSummary(doc as StoredQuestion, names),
      orderBy: 'datePosted',
      direction: 'desc',
      filters: ['topic'],
      follow: {
        [EVENT_SUBJECTS.questionCreated]: changed,
        [EVENT_SUBJECTS.questionUpdated]: changed,
        [EVENT_SUBJECTS.questionReplied]: changed,
        [EVENT_SUBJECTS.questionDeleted]: changed,
        [EVENT_SUBJECTS.questionAccepted]: changed,
      },
      snapshot: true,
      // The search index mirrors these summaries, in production too (decision 0012).
      inMemoryWhenOff: true,
    });
  }

  /** Every summary now, then every change (the search index). */
  observe(observer: ReadModelObserver<QnaQuestionSummary>): void {
    this.list.observe(observer);
  }

  /** True when this instance started from the saved snapshot. */
  get startedFromSnapshot(): boolean {
    return this.list.startedFromSnapshot;
  }

  async page(topic: Topic | undefined, page: number, pageSize: number): Promise<ListPage<QnaQuestionSummary>> {
    const found = await this.list.page({ where: { topic }, offset: (page - 1) * pageSize, limit: pageSize });
    // A map lookup per row in memory: a rename shows on every page at once, with no call per post.
    return { ...found, items: found.items.map((summary) => withAuthorNow(summary, this.names)) };
  }

  /** After this instance's write: the list shows it at once. */
  written(question: StoredQuestion): void {
    this.list.written(question);
  }

  deleted(id: string): void {
    this.list.deleted([id]);
  }
}
