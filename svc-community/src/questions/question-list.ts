import { EVENT_SUBJECTS, type ListPage, type QnaQuestionSummary, type Topic } from '@dblearn/contracts';
import { type ReadModel, type ReadModelObserver, ReadModels } from '@dblearn/nest-common';
import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { AnyObject, Model } from 'mongoose';
import { QuestionCache } from './question-cache.js';
import { toSummary } from './question.mapper.js';
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

  constructor(@InjectModel(Question.name) questions: Model<Question>, readModels: ReadModels, cache: QuestionCache) {
    const changed = (event: { entityId: string }): readonly string[] => {
      cache.drop(event.entityId);
      return [event.entityId];
    };
    this.list = readModels.create<QnaQuestionSummary>({
      name: 'questions',
      model: questions,
      projection: { topic: 1, title: 1, description: 1, userName: 1, datePosted: 1, replies: 1, acceptedReplyId: 1, sandboxCourseId: 1 },
      toSummary: (doc: AnyObject) => toSummary(doc as StoredQuestion),
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

  page(topic: Topic | undefined, page: number, pageSize: number): Promise<ListPage<QnaQuestionSummary>> {
    return this.list.page({ where: { topic }, offset: (page - 1) * pageSize, limit: pageSize });
  }

  /** After this instance's write: the list shows it at once. */
  written(question: StoredQuestion): void {
    this.list.written(question);
  }

  deleted(id: string): void {
    this.list.deleted([id]);
  }
}
