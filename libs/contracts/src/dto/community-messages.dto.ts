import { Type } from 'class-transformer';
import { IsBoolean, IsMongoId, IsOptional, IsString, Length, ValidateIf, ValidateNested } from 'class-validator';
import { LIMITS, lengthMessage } from '../limits.js';
import type {
  AcceptReplyRequest,
  Caller,
  CreateQuestionRequest,
  DeleteQuestionRequest,
  DeleteReplyRequest,
  QuestionFields,
  QuestionJsonRequest,
  UpdateQuestionRequest,
} from '../messaging/community.patterns.js';
import { QnaQuestionDto } from './community.dto.js';
import { idRule } from './id-rule.js';

/**
 * Payloads that only travel gateway → svc-community. The gateway fills `caller` from the verified
 * token; svc-community validates everything again because a service never trusts its callers.
 */
export class CallerDto implements Caller {
  @IsString({ message: 'caller.email must be text.' })
  @Length(LIMITS.user.email.min, LIMITS.user.email.max, { message: lengthMessage('caller.email', LIMITS.user.email) })
  email!: string;

  @IsBoolean({ message: 'caller.isAdmin must be true or false.' })
  isAdmin!: boolean;
}

/** The question's own fields, as QnaQuestionDto checks them (the gateway has checked the sandbox's course), without the ignored userName. */
export class QuestionFieldsDto extends QnaQuestionDto implements QuestionFields {}

export class CreateQuestionMessageDto extends QuestionFieldsDto implements CreateQuestionRequest {
  @ValidateNested()
  @Type(() => CallerDto)
  caller!: CallerDto;
}

export class QuestionJsonMessageDto implements QuestionJsonRequest {
  @IsMongoId(idRule('id'))
  id!: string;

  @IsOptional()
  @IsBoolean({ message: 'gzip must be true or false.' })
  gzip?: boolean;
}

class QuestionMessageDto {
  @IsMongoId(idRule('id'))
  id!: string;

  @ValidateNested()
  @Type(() => CallerDto)
  caller!: CallerDto;
}

export class UpdateQuestionMessageDto extends QuestionMessageDto implements UpdateQuestionRequest {
  @IsOptional()
  @ValidateNested()
  @Type(() => QuestionFieldsDto)
  edit?: QuestionFieldsDto;

  @IsOptional()
  @IsString({ message: 'Answer must be text.' })
  @Length(LIMITS.qna.reply.min, LIMITS.qna.reply.max, { message: lengthMessage('Answer', LIMITS.qna.reply) })
  reply?: string;
}

export class DeleteQuestionMessageDto extends QuestionMessageDto implements DeleteQuestionRequest {}

export class DeleteReplyMessageDto extends QuestionMessageDto implements DeleteReplyRequest {
  @IsMongoId(idRule('replyId'))
  replyId!: string;
}

export class AcceptReplyMessageDto extends QuestionMessageDto implements AcceptReplyRequest {
  @ValidateIf((_body, value) => value !== null)
  @IsMongoId(idRule('replyId'))
  replyId!: string | null;
}
