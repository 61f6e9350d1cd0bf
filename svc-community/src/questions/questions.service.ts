import { EVENT_SUBJECTS, LIST_PAGE_SIZE, type ListPage, QNA_MESSAGES, type QnaQuestion, type QnaQuestionSummary } from '@dblearn/contracts';
import type {
  AcceptReplyMessageDto,
  CallerMessageDto,
  CreateQuestionMessageDto,
  DeleteReplyMessageDto,
  ListQueryDto,
  UpdateQuestionMessageDto,
} from '@dblearn/contracts/dto';
import {
  assertBeforeDeadline,
  badRequest,
  type CachedJson,
  type DocumentStore,
  domainEvent,
  forbidden,
  InjectStore,
  JsonBytesReply,
  notFound,
  type PendingEvent,
} from '@dblearn/nest-common';
import { Injectable } from '@nestjs/common';
import mongoose, { type UpdateQuery } from 'mongoose';
import { AuthorNames } from '../authors/author-names.js';
import { QuestionCache } from './question-cache.js';
import { QuestionList } from './question-list.js';
import { toQuestion } from './question.mapper.js';
import { Question, type Reply, type StoredQuestion } from './questions.schema.js';
import { assertThreadFits } from './thread-limits.js';

export const NOTHING_TO_CHANGE_MESSAGE = 'Send the question fields to edit it, or a reply.';

/**
 * Questions and replies. Every write goes through the question store (the change and its
 * events.community.question.* event are one write); a read-check-write runs `atomically`. The list
 * is the kit's read model (QuestionList), the detail comes through a small cache.
 */
@Injectable()
export class QuestionsService {
  constructor(
    @InjectStore(Question.name) private readonly questions: DocumentStore<Question>,
    private readonly list: QuestionList,
    private readonly cache: QuestionCache,
    private readonly names: AuthorNames,
  ) {
    // A thread shows its authors' names as they are now: a rename or deletion drops the kept threads
    // (renames are rare; a thread is rebuilt from one read by id when asked again).
    names.onChange(() => cache.clear());
  }

  listQuestions({ topic, page = 1, pageSize = LIST_PAGE_SIZE.default }: ListQueryDto): Promise<ListPage<QnaQuestionSummary>> {
    return this.list.page(topic, page, pageSize);
  }

  async findQuestion(id: string): Promise<QnaQuestion> {
    return (await this.findCached(id)).value;
  }

  /** The question as JSON bytes (gzipped when asked), made once per load and sent as they are (GET /qna/{id} is the hot read). */
  async findQuestionJson(id: string, gzip = false): Promise<JsonBytesReply> {
    return (await this.findCached(id)).reply(gzip);
  }

  private async findCached(id: string): Promise<CachedJson<QnaQuestion>> {
    const cached = await this.cache.getOrLoad(id, async () => {
      const stored = await this.stored(id);
      return stored && toQuestion(stored, this.names);
    });
    if (!cached) throw notFound(QNA_MESSAGES.notFound);
    return cached;
  }

  async createQuestion({ caller, topic, title, description, sandboxCourseId = null }: CreateQuestionMessageDto): Promise<QnaQuestion> {
    const _id = new mongoose.Types.ObjectId();
    const fields = { _id, topic, title, description, sandboxCourseId, authorId: caller._id, datePosted: new Date(), replies: [] };
    // The gateway has answered 503 once its deadline passed: then nothing may be written.
    assertBeforeDeadline();
    await this.names.guess(caller._id, caller.name);
    const created = await this.questions.create(fields, domainEvent(EVENT_SUBJECTS.questionCreated, { entityId: _id.toHexString(), topic }));
    return this.afterWrite(_id.toHexString(), created.toObject<StoredQuestion>());
  }

  /** An edit (author only) and/or a reply (anyone signed in), in one write with their events. */
  async updateQuestion(id: string, change: UpdateQuestionMessageDto): Promise<QnaQuestion> {
    if (!change.edit && change.reply === undefined) throw badRequest(NOTHING_TO_CHANGE_MESSAGE);
    return this.questions.atomically(id, () => this.applyUpdate(id, change));
  }

  deleteQuestion(id: string, request: CallerMessageDto): Promise<QnaQuestion> {
    return this.questions.atomically(id, () => this.applyDeleteQuestion(id, request));
  }

  deleteReply(id: string, request: DeleteReplyMessageDto): Promise<QnaQuestion> {
    return this.questions.atomically(id, () => this.applyDeleteReply(id, request));
  }

  acceptReply(id: string, request: AcceptReplyMessageDto): Promise<QnaQuestion> {
    return this.questions.atomically(id, () => this.applyAccept(id, request));
  }

  private async applyUpdate(id: string, { caller, edit, reply }: UpdateQuestionMessageDto): Promise<QnaQuestion> {
    const current = await this.requireStored(id);
    const isAuthor = isAuthorOf(current, caller);
    // CONTRACT: beside a reply, the question's fields count only when the caller wrote the question.
    const applyEdit = edit !== undefined && isAuthor;
    if (edit && !isAuthor && reply === undefined) throw forbidden(QNA_MESSAGES.onlyAuthorEdits);

    const topic = applyEdit ? edit.topic : current.topic;
    const events: PendingEvent[] = [];
    const update: UpdateQuery<Question> = {};
    let after: StoredQuestion = current;
    if (applyEdit) {
      const { sandboxCourseId, ...fields } = edit;
      // An edit without sandboxCourseId keeps the practice database chosen before.
      update.$set = sandboxCourseId === undefined ? fields : { ...fields, sandboxCourseId };
      events.push(domainEvent(EVENT_SUBJECTS.questionUpdated, { entityId: id, topic }));
      after = { ...after, ...update.$set };
    }
    if (reply !== undefined) {
      const replyId = new mongoose.Types.ObjectId();
      await this.names.guess(caller._id, caller.name);
      const added: Reply = { _id: replyId, authorId: caller._id, reply, datePosted: new Date() };
      update.$push = { replies: added };
      events.push(domainEvent(EVENT_SUBJECTS.questionReplied, { entityId: id, topic, replyId: replyId.toHexString() }));
      after = { ...after, replies: [...current.replies, added] };
    }
    // Sized before the write: a refusal (or a 503) then always means nothing was stored.
    assertThreadFits(toQuestion(after, this.names));
    await this.write(id, update, events);
    return this.afterWrite(id);
  }

  private async applyDeleteQuestion(id: string, { caller }: CallerMessageDto): Promise<QnaQuestion> {
    const current = await this.requireStored(id);
    if (!isAuthorOf(current, caller) && !caller.isAdmin) throw forbidden(QNA_MESSAGES.onlyAuthorOrAdminDeletes);
    assertBeforeDeadline();
    // The kit's tombstone carries the deleted event; a delete already under way elsewhere is a 404.
    if (!(await this.questions.delete(id, domainEvent(EVENT_SUBJECTS.questionDeleted, { entityId: id, topic: current.topic })))) {
      throw notFound(QNA_MESSAGES.notFound);
    }
    await this.cache.changed(id);
    this.list.deleted(id);
    return toQuestion(current, this.names);
  }

  private async applyDeleteReply(id: string, { id: replyId, caller }: DeleteReplyMessageDto): Promise<QnaQuestion> {
    const current = await this.requireStored(id);
    const reply = current.replies.find((candidate) => candidate._id.toHexString() === replyId);
    if (!reply) throw notFound(QNA_MESSAGES.replyNotFound);
    if (!isAuthorOf(reply, caller) && !caller.isAdmin) throw forbidden(QNA_MESSAGES.onlyReplyAuthorOrAdminDeletes);
    // The remaining replies as read in this atomic step, written back whole (nest-common README §5: arrays).
    const replies = current.replies.filter((candidate) => candidate !== reply);
    const events: PendingEvent[] = [domainEvent(EVENT_SUBJECTS.questionUpdated, { entityId: id, topic: current.topic })];
    const update: UpdateQuery<Question> = { $set: { replies } };
    if (current.acceptedReplyId?.equals(reply._id)) {
      // The accepted answer went with it: the question is no longer solved.
      update.$set = { replies, acceptedReplyId: null };
      events.push(domainEvent(EVENT_SUBJECTS.questionAccepted, { entityId: id, topic: current.topic, replyId: null }));
    }
    await this.write(id, update, events);
    return this.afterWrite(id);
  }

  /**
   * The author (or an admin) accepts one reply of this question, or accepts another instead; only an
   * admin clears it (CONTRACT "Q&A"). A reply of another question is a 404, like an unknown one.
   */
  private async applyAccept(id: string, { caller, id: replyId }: AcceptReplyMessageDto): Promise<QnaQuestion> {
    const current = await this.requireStored(id);
    if (!isAuthorOf(current, caller) && !caller.isAdmin) throw forbidden(QNA_MESSAGES.onlyAuthorOrAdminAccepts);
    if (replyId === null && !caller.isAdmin) throw forbidden(QNA_MESSAGES.onlyAdminClearsAccepted);
    const reply = replyId === null ? null : current.replies.find((candidate) => candidate._id.toHexString() === replyId);
    if (reply === undefined) throw notFound(QNA_MESSAGES.replyNotFound);
    const accepted = reply?._id ?? null;
    const unchanged = accepted === null ? !current.acceptedReplyId : Boolean(current.acceptedReplyId?.equals(accepted));
    if (unchanged) return toQuestion(current, this.names);
    await this.write(id, { $set: { acceptedReplyId: accepted } }, [
      domainEvent(EVENT_SUBJECTS.questionAccepted, { entityId: id, topic: current.topic, replyId: accepted?.toHexString() ?? null }),
    ]);
    return this.afterWrite(id);
  }

  /** One update with its events; a question deleted meanwhile is a 404 and nothing changes. */
  private async write(id: string, update: UpdateQuery<Question>, events: PendingEvent[]): Promise<void> {
    assertBeforeDeadline();
    if (!(await this.questions.update(id, update, events))) throw notFound(QNA_MESSAGES.notFound);
  }

  private async stored(id: string): Promise<StoredQuestion | null> {
    return this.questions.findById<StoredQuestion>(id);
  }

  private async requireStored(id: string): Promise<StoredQuestion> {
    const stored = await this.stored(id);
    if (!stored) throw notFound(QNA_MESSAGES.notFound);
    return stored;
  }

  private async afterWrite(id: string, written?: StoredQuestion): Promise<QnaQuestion> {
    await this.cache.changed(id);
    const stored = written ?? (await this.requireStored(id));
    this.list.written(stored);
    return toQuestion(stored, this.names);
  }
}

/** Ownership by account id, from the verified token (issue 36); a post of no account is nobody's. */
function isAuthorOf(post: { authorId?: string | null }, caller: { _id: string }): boolean {
  return typeof post.authorId === 'string' && post.authorId === caller._id;
}
