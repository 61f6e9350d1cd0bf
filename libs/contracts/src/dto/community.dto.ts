import { Type } from 'class-transformer';
import { IsIn, IsMongoId, IsOptional, IsString, ValidateIf, ValidateNested } from 'class-validator';
import { FIELD_LABELS, LIMITS } from '../limits.js';
import { TOPICS, TOPIC_LABELS, type Topic } from '../topics.js';
import { idRule } from './id-rule.js';
import { IsText } from './text-rule.js';

const topicMessage = `${FIELD_LABELS.qna.topic} must be one of: ${TOPICS.map((topic) => TOPIC_LABELS[topic]).join(', ')}.`;

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
  @IsIn(TOPICS, { message: topicMessage })
  topic!: Topic;

  @IsText(FIELD_LABELS.qna.title, LIMITS.qna.title)
  title!: string;

  @IsText(FIELD_LABELS.qna.description, LIMITS.qna.description)
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
  @IsText(FIELD_LABELS.qna.reply, LIMITS.qna.reply)
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
 * only when the caller is the author). `_id`, `userName`, `authorId`, `authorName` and `acceptedReplyId`
 * are accepted and ignored (a client sends the question back as it read it).
 */
export class QnaUpdateDto {
  @ValidateIf(editField)
  @IsIn(TOPICS, { message: topicMessage })
  topic?: Topic;

  @ValidateIf(editField)
  @IsText(FIELD_LABELS.qna.title, LIMITS.qna.title)
  title?: string;

  @ValidateIf(editField)
  @IsText(FIELD_LABELS.qna.description, LIMITS.qna.description)
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

  /** Issue 36: as read; the author never changes. */
  @IsOptional()
  @IsMongoId(idRule('authorId'))
  authorId?: string | null;

  @IsOptional()
  @IsString({ message: 'authorName must be text.' })
  authorName?: string;

  @IsOptional()
  @IsMongoId(idRule('_id'))
  _id?: string;

  /** A client sending the question back carries it (issue 22); it changes only through PUT /qna/accept/{questionId}. */
  @IsOptional()
  @IsMongoId(idRule('acceptedReplyId'))
  acceptedReplyId?: string | null;
}
