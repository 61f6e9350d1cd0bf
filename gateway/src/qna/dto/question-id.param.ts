import { IsMongoId } from 'class-validator';

/** PUT /qna/reply/{questionId}: the path names the question. */
export class QuestionIdParam {
  @IsMongoId({ message: 'questionId must be a valid id.' })
  questionId!: string;
}
