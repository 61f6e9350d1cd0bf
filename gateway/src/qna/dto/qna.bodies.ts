import { LIMITS, type Topic, TOPICS } from '@dblearn/contracts';
import { QnaQuestionDto, QnaReplyDto, QnaReplyObjectDto, QnaUpdateDto } from '@dblearn/contracts/dto';
import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { IsMongoId } from 'class-validator';

const { title, description, reply } = LIMITS.qna;

/** The contract's DTOs (their rules validate) plus their OpenAPI descriptions. */
@ApiSchema({ name: 'QnaQuestionInput' })
export class QnaQuestionBody extends QnaQuestionDto {
  @ApiProperty({ enum: TOPICS, example: 'sql' })
  override topic!: Topic;

  @ApiProperty({ minLength: title.min, maxLength: title.max, example: 'Why does my LEFT JOIN drop rows?' })
  override title!: string;

  @ApiProperty({ minLength: description.min, maxLength: description.max, description: 'Labelled Question in the form.' })
  override description!: string;

  @ApiPropertyOptional({ description: 'Accepted and ignored: the author is the caller.' })
  override userName?: string;
}

@ApiSchema({ name: 'QnaReplyInput' })
export class QnaReplyBody extends QnaReplyDto {
  @ApiProperty({ minLength: reply.min, maxLength: reply.max, description: 'Labelled Answer in the form.' })
  override reply!: string;
}

@ApiSchema({ name: 'QnaReplyObject' })
class QnaReplyObjectDoc extends QnaReplyObjectDto {
  @ApiProperty({ minLength: reply.min, maxLength: reply.max })
  override reply!: string;

  @ApiPropertyOptional({ description: 'Accepted and ignored: the reply author is the caller.' })
  override userName?: string;
}

@ApiSchema({ name: 'QnaUpdateInput' })
export class QnaUpdateBody extends QnaUpdateDto {
  @ApiPropertyOptional({ enum: TOPICS, description: 'Required for an edit; beside a reply it counts only for the author.' })
  override topic?: Topic;

  @ApiPropertyOptional({ minLength: title.min, maxLength: title.max })
  override title?: string;

  @ApiPropertyOptional({ minLength: description.min, maxLength: description.max })
  override description?: string;

  @ApiPropertyOptional({ type: QnaReplyObjectDoc, description: 'Adds a reply by the caller (anyone signed in).' })
  override reply?: QnaReplyObjectDto;

  @ApiPropertyOptional({ description: 'Accepted and ignored.' })
  override userName?: string;

  @ApiPropertyOptional({ description: 'Accepted and ignored (the path names the question).' })
  override _id?: string;
}

/** PUT /qna/reply/{questionId}: the path names the question. */
export class QuestionIdParam {
  @IsMongoId({ message: 'questionId must be a valid id.' })
  questionId!: string;
}
