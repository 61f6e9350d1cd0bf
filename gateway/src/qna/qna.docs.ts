import type { QnaQuestion, QnaQuestionSummary, QnaReply, Topic } from '@dblearn/contracts';
import { TOPICS } from '@dblearn/contracts';
import { ApiProperty, ApiSchema } from '@nestjs/swagger';

/** OpenAPI descriptions of the Q&A answers; `implements` keeps them in step with the contracts. */
@ApiSchema({ name: 'QnaReply' })
export class QnaReplyDoc implements QnaReply {
  @ApiProperty({ example: '665f1c2a9b1e8a3d4c5b6a7a' })
  _id!: string;

  @ApiProperty({ example: 'ada@example.com', description: "The reply author's e-mail." })
  userName!: string;

  @ApiProperty({ description: 'Stored as written; shown as text, never as HTML.' })
  reply!: string;

  @ApiProperty({ format: 'date-time' })
  datePosted!: string;
}

/** What a question and its list item share. */
class QnaQuestionFieldsDoc implements Omit<QnaQuestion, 'replies'> {
  @ApiProperty({ example: '665f1c2a9b1e8a3d4c5b6a79' })
  _id!: string;

  @ApiProperty({ enum: TOPICS })
  topic!: Topic;

  @ApiProperty()
  title!: string;

  @ApiProperty({ description: 'Stored as written; shown as text, never as HTML.' })
  description!: string;

  @ApiProperty({ example: 'ada@example.com', description: "The author's e-mail." })
  userName!: string;

  @ApiProperty({ format: 'date-time' })
  datePosted!: string;
}

@ApiSchema({ name: 'QnaQuestionSummary' })
export class QnaQuestionSummaryDoc extends QnaQuestionFieldsDoc implements QnaQuestionSummary {
  @ApiProperty({ example: 2 })
  replyCount!: number;
}

@ApiSchema({ name: 'QnaQuestion' })
export class QnaQuestionDoc extends QnaQuestionFieldsDoc implements QnaQuestion {
  @ApiProperty({ type: [QnaReplyDoc] })
  replies!: QnaReply[];
}
