import { IsIn, IsOptional, IsString, Length } from 'class-validator';
import { LIMITS, lengthMessage } from '../limits.js';
import { TOPICS, TOPIC_LABELS, type Topic } from '../topics.js';

// SPEC §5 for the Q&A forum (CONTRACT "Q&A"). The author never comes from a body: svc-community
// takes it from the caller's token.

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
}

/** POST /qna/{id}/replies, and the `reply` object of PUT /qna/{id} (labelled Answer). */
export class QnaReplyDto {
  @IsString({ message: 'Answer must be text.' })
  @Length(LIMITS.qna.reply.min, LIMITS.qna.reply.max, { message: lengthMessage('Answer', LIMITS.qna.reply) })
  reply!: string;
}
