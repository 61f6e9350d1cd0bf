import { Type } from 'class-transformer';
import { IsIn, IsMongoId, IsOptional, IsString, Length, ValidateIf, ValidateNested } from 'class-validator';
import { LIMITS, lengthMessage } from '../limits.js';
import { TOPICS, TOPIC_LABELS, type Topic } from '../topics.js';
import { idRule } from './id-rule.js';

// SPEC §5 for the Q&A forum (CONTRACT "Q&A"). The author never comes from a body: svc-community
// takes it from the caller's token.

/** PUT /qna/reply/{questionId}: the path names the question. */
export class QuestionIdDto {
  @IsMongoId(idRule('questionId'))
  questionId!: string;
}

/** PUT /qna/accept/{questionId}: the reply to accept, or null to clear (admins only). */
export class QnaAcceptDto {
  @ValidateIf((_body, value) => value !== null)
  @IsMongoId(idRule('id'))
  id!: string | null;
}

/** POST /qna and the author's PUT /qna/{id}: title, description (labelled Question) and topic. */
export class QnaQuestionDto {
  @IsIn(TOPICS, { message: `Topic must be one of: ${TOPICS.map((topic) => TOPIC_LABELS[topic]).join(', ')}.` })
  topic!: Topic;

  @IsString({ message: 'Title must be text.' })
  @Length(LIMITS.qna.title.min, LIMITS.qna.title.max, { message: lengthMessage('Title', LIMITS.qna.title) })
  title!: string;

  @IsString({ message: 'Question must be text.' })
  @Length(LIMITS.qna.description.min, LIMITS.qna.description.max, { message: lengthMessage('Question', LIMITS.qna.description) })
  description!: string;

  /** CONTRACT: accepted (the original client sends it) and ignored: the author is the caller. */
  @IsOptional()
  @IsString({ message: 'userName must be text.' })
  userName?: string;

  /** Issue 22: the course whose SQL sandbox the post's ```sql blocks run on; null or absent for none. */
  @IsOptional()
  @IsMongoId(idRule('sandboxCourseId'))
  sandboxCourseId?: string | null;
}

/** POST /qna/{id}/replies, and the `reply` object of PUT /qna/{id} (labelled Answer). */
export class QnaReplyDto {
  @IsString({ message: 'Answer must be text.' })
  @Length(LIMITS.qna.reply.min, LIMITS.qna.reply.max, { message: lengthMessage('Answer', LIMITS.qna.reply) })
  reply!: string;
}

/** The `reply` object of PUT /qna/{id}: the original client also sends the reply's userName (ignored). */
export class QnaReplyObjectDto extends QnaReplyDto {
  @IsOptional()
  @IsString({ message: 'userName must be text.' })
  userName?: string;
}

/** Fields of a question in PUT /qna/{id}: required for an edit, optional beside a reply. */
const editField = (body: QnaUpdateDto, value: unknown) => body.reply === undefined || value !== undefined;

/**
 * PUT /qna/{id}, both forms CONTRACT keeps: an edit by the author (topic, title, description), or
 * a reply by anyone signed in (`{reply: {reply}}`, the question's fields may ride along and count
 * only when the caller is the author). `_id`, `userName` and `acceptedReplyId` are accepted and ignored.
 */
export class QnaUpdateDto {
  @ValidateIf(editField)
  @IsIn(TOPICS, { message: `Topic must be one of: ${TOPICS.map((topic) => TOPIC_LABELS[topic]).join(', ')}.` })
  topic?: Topic;

  @ValidateIf(editField)
  @IsString({ message: 'Title must be text.' })
  @Length(LIMITS.qna.title.min, LIMITS.qna.title.max, { message: lengthMessage('Title', LIMITS.qna.title) })
  title?: string;

  @ValidateIf(editField)
  @IsString({ message: 'Question must be text.' })
  @Length(LIMITS.qna.description.min, LIMITS.qna.description.max, { message: lengthMessage('Question', LIMITS.qna.description) })
  description?: string;

  @IsOptional()
  @IsMongoId(idRule('sandboxCourseId'))
  sandboxCourseId?: string | null;

  @IsOptional()
  @ValidateNested()
  @Type(() => QnaReplyObjectDto)
  reply?: QnaReplyObjectDto;

  @IsOptional()
  @IsString({ message: 'userName must be text.' })
  userName?: string;

  @IsOptional()
  @IsMongoId(idRule('_id'))
  _id?: string;

  /** A client sending the question back carries it (issue 22); it changes only through PUT /qna/accept/{questionId}. */
  @IsOptional()
  @IsMongoId(idRule('acceptedReplyId'))
  acceptedReplyId?: string | null;
}
