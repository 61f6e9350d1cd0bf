import {
  type CreateQuestionRequest,
  type DeleteQuestionRequest,
  type DeleteReplyRequest,
  EVENT_SUBJECTS,
  LIST_PAGE_SIZE,
  type ListPage,
  type ListQuestionsRequest,
  QNA_MESSAGES,
  type QnaQuestion,
  type QnaQuestionSummary,
  type UpdateQuestionRequest,
} from '@dblearn/contracts';
import { assertBeforeDeadline, badRequest, forbidden, notFound } from '@dblearn/nest-common';
import { Injectable, Logger } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import mongoose, { type Model, type UpdateQuery } from 'mongoose';
import { type CachedQuestion, QuestionCache } from './question-cache.js';
import { pendingEvent, QuestionEventRelay } from './question-events.js';
import { QuestionList } from './question-list.js';
import { QuestionListSnapshots } from './question-list-snapshot.js';
import { QuestionWriteLock } from './question-write-lock.js';
import { toQuestion, toSummary } from './question.mapper.js';
import { type PendingEvent, Question, rawQuestions, type StoredQuestion } from './questions.schema.js';

/** Every read of a live question leaves the events behind: they are the relay's business. */
const WITHOUT_EVENTS = { pendingEvents: 0 } as const;

export const NOTHING_TO_CHANGE_MESSAGE = 'Send the question fields to edit it, or a reply.';

@Injectable()
export class QuestionsService {
  private readonly logger = new Logger('QuestionsService');
  private readonly list = new QuestionList();
  private readonly cache = new QuestionCache();
  /** Ids written or refreshed while a full read is under way: applied again after it. */
  private touchedDuringLoad: Set<string> | null = null;
  private savedChanges = -1;

  constructor(
    @InjectModel(Question.name) private readonly questions: Model<Question>,
    private readonly relay: QuestionEventRelay,
    private readonly lock: QuestionWriteLock,
    private readonly snapshots: QuestionListSnapshots,
  ) {}

  /**
   * Reads every question (one pass over the collection) into the list, and hands the relay any
   * event a crash left behind. Writes and events that arrive meanwhile are applied again afterwards,
   * so the pass can run while the service answers.
   */
  async loadFromDatabase(): Promise<void> {
    const started = Date.now();
    const summaries: QnaQuestionSummary[] = [];
    const unpublished: string[] = [];
    const touched = new Set<string>();
    this.touchedDuringLoad = touched;
    try {
      const cursor = this.questions.find({}).lean<StoredQuestion>().batchSize(5_000).cursor();
      for await (const question of cursor) {
        if (question.pendingEvents?.length) unpublished.push(question._id.toHexString());
        if (!question.deletedAt) summaries.push(toSummary(question));
      }
      this.list.load(summaries);
      this.cache.clear();
    } finally {
      this.touchedDuringLoad = null;
    }
    for (const id of touched) await this.refresh(id);
    if (unpublished.length > 0) this.relay.wake(...unpublished);
    this.logger.log(`Read ${summaries.length} question(s) from the database into the list in ${Date.now() - started} ms.`);
  }

  /** Starts from a saved list (see QuestionListSnapshots); false when there is none. */
  async loadFromSnapshot(): Promise<Date | null> {
    const started = Date.now();
    const snapshot = await this.snapshots.read();
    if (!snapshot) return null;
    this.list.load(snapshot.summaries);
    this.savedChanges = this.list.changes;
    this.logger.log(`Loaded ${snapshot.summaries.length} question(s) from the list snapshot in ${Date.now() - started} ms.`);
    return snapshot.takenAt;
  }

  /** Saves the list when it changed since the last save. */
  async saveSnapshot(): Promise<void> {
    const changes = this.list.changes;
    if (changes === this.savedChanges) return;
    await this.snapshots.write(this.list.summaries(), new Date());
    this.savedChanges = changes;
  }

  listQuestions({ topic, page = 1, pageSize = LIST_PAGE_SIZE.default }: ListQuestionsRequest): ListPage<QnaQuestionSummary> {
    return this.list.page({ topic, page, pageSize });
  }

  async findQuestion(id: string): Promise<QnaQuestion> {
    return (await this.findCached(id)).question;
  }

  /** The question as JSON text, serialized once per load (GET /qna/{id} is the hot read). */
  async findQuestionJson(id: string): Promise<string> {
    return (await this.findCached(id)).json;
  }

  private async findCached(id: string): Promise<CachedQuestion> {
    const cached = await this.cache.getOrLoad(id, async () => {
      const stored = await this.live(id);
      return stored && toQuestion(stored);
    });
    if (!cached) throw notFound(QNA_MESSAGES.notFound);
    return cached;
  }

  async createQuestion({ caller, topic, title, description }: CreateQuestionRequest): Promise<QnaQuestion> {
    const _id = new mongoose.Types.ObjectId();
    assertBeforeDeadline();
    const created = await this.questions.create({
      _id,
      topic,
      title,
      description,
      userName: caller.email,
      datePosted: new Date(),
      replies: [],
      pendingEvents: [pendingEvent(EVENT_SUBJECTS.questionCreated, { entityId: _id.toHexString(), topic })],
    });
    return this.afterWrite(_id.toHexString(), created.toObject<StoredQuestion>());
  }

  /** An edit (author only) and/or a reply (anyone signed in), in one write with their events. */
  async updateQuestion(request: UpdateQuestionRequest): Promise<QnaQuestion> {
    if (!request.edit && request.reply === undefined) throw badRequest(NOTHING_TO_CHANGE_MESSAGE);
    return this.lock.run(request.id, () => this.applyUpdate(request));
  }

  deleteQuestion(request: DeleteQuestionRequest): Promise<QnaQuestion> {
    return this.lock.run(request.id, () => this.applyDeleteQuestion(request));
  }

  deleteReply(request: DeleteReplyRequest): Promise<QnaQuestion> {
    return this.lock.run(request.id, () => this.applyDeleteReply(request));
  }

  private async applyUpdate({ id, caller, edit, reply }: UpdateQuestionRequest): Promise<QnaQuestion> {
    const current = await this.requireLive(id);
    const isAuthor = current.userName === caller.email;
    // CONTRACT: beside a reply, the question's fields count only when the caller wrote the question.
    const applyEdit = edit !== undefined && isAuthor;
    if (edit && !isAuthor && reply === undefined) throw forbidden(QNA_MESSAGES.onlyAuthorEdits);

    const topic = applyEdit ? edit.topic : current.topic;
    const events: PendingEvent[] = [];
    const update: UpdateQuery<Question> = {};
    if (applyEdit) {
      update.$set = { topic: edit.topic, title: edit.title, description: edit.description };
      events.push(pendingEvent(EVENT_SUBJECTS.questionUpdated, { entityId: id, topic }));
    }
    if (reply !== undefined) {
      const replyId = new mongoose.Types.ObjectId();
      update.$push = { replies: { _id: replyId, userName: caller.email, reply, datePosted: new Date() } };
      events.push(pendingEvent(EVENT_SUBJECTS.questionReplied, { entityId: id, topic, replyId: replyId.toHexString() }));
    }
    update.$push = { ...update.$push, pendingEvents: { $each: events } };
    await this.writeLive(id, update);
    return this.afterWrite(id);
  }

  private async applyDeleteQuestion({ id, caller }: DeleteQuestionRequest): Promise<QnaQuestion> {
    const current = await this.requireLive(id);
    if (current.userName !== caller.email && !caller.isAdmin) throw forbidden(QNA_MESSAGES.onlyAuthorOrAdminDeletes);
    // The document stays as a tombstone carrying its deleted event; the relay removes it once published.
    await this.writeLive(id, {
      $set: { deletedAt: new Date() },
      $push: { pendingEvents: pendingEvent(EVENT_SUBJECTS.questionDeleted, { entityId: id, topic: current.topic }) },
    });
    this.forget(id);
    this.relay.wake(id);
    return toQuestion(current);
  }

  private async applyDeleteReply({ id, replyId, caller }: DeleteReplyRequest): Promise<QnaQuestion> {
    const current = await this.requireLive(id);
    const reply = current.replies.find((candidate) => candidate._id.toHexString() === replyId);
    if (!reply) throw notFound(QNA_MESSAGES.replyNotFound);
    if (reply.userName !== caller.email && !caller.isAdmin) throw forbidden(QNA_MESSAGES.onlyReplyAuthorOrAdminDeletes);
    // The exact element as stored: FerretDB silently ignores $pull with a condition.
    assertBeforeDeadline();
    const result = await rawQuestions(this.questions).updateOne(
      { _id: current._id, deletedAt: null },
      {
        $pullAll: { replies: [reply] },
        $push: { pendingEvents: pendingEvent(EVENT_SUBJECTS.questionUpdated, { entityId: id, topic: current.topic }) },
      },
    );
    if (result.matchedCount === 0) throw notFound(QNA_MESSAGES.notFound);
    return this.afterWrite(id);
  }

  /** An event from any instance (this one included): bring the list and the cache up to date. */
  async refresh(id: string): Promise<void> {
    this.touchedDuringLoad?.add(id);
    this.cache.drop(id);
    const stored = await this.live(id);
    if (stored) this.list.upsert(toSummary(stored));
    else this.list.remove(id);
  }

  private async live(id: string): Promise<StoredQuestion | null> {
    // Only a lookup by _id uses an index on FerretDB; the tombstone check happens here.
    const stored = await this.questions.findById(id, WITHOUT_EVENTS).lean<StoredQuestion>().exec();
    return stored && !stored.deletedAt ? stored : null;
  }

  private async requireLive(id: string): Promise<StoredQuestion> {
    const stored = await this.live(id);
    if (!stored) throw notFound(QNA_MESSAGES.notFound);
    return stored;
  }

  /** One update of a live question; a question deleted meanwhile is a 404 and nothing changes. */
  private async writeLive(id: string, update: UpdateQuery<Question>): Promise<void> {
    // The gateway has answered 503 once its deadline passed: then nothing may be written.
    assertBeforeDeadline();
    const result = await this.questions.updateOne({ _id: id, deletedAt: null }, update, { runValidators: true }).exec();
    if (result.matchedCount === 0) throw notFound(QNA_MESSAGES.notFound);
  }

  private async afterWrite(id: string, written?: StoredQuestion): Promise<QnaQuestion> {
    this.touchedDuringLoad?.add(id);
    this.cache.drop(id);
    this.relay.wake(id);
    const stored = written ?? (await this.requireLive(id));
    this.list.upsert(toSummary(stored));
    return toQuestion(stored);
  }

  private forget(id: string): void {
    this.touchedDuringLoad?.add(id);
    this.cache.drop(id);
    this.list.remove(id);
  }
}
