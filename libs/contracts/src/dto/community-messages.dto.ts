import { Type } from 'class-transformer';
import { IsBoolean, IsMongoId, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';
import { DISPLAY_NAME_LIMITS } from '../display-name.js';
import { FIELD_LABELS, LIMITS } from '../limits.js';
import { IdDto } from './common.dto.js';
import { QnaAcceptDto, QnaQuestionDto } from './community.dto.js';
import { idRule } from './id-rule.js';
import { IsText } from './text-rule.js';

/**
 * Payloads that only travel gateway → svc-community. The gateway fills `caller` from the verified
 * token; svc-community validates everything again because a service never trusts its callers. A
 * change to a question travels as `WithPathId<…>`: the question's id beside what the change carries.
 */
export class CallerDto {
  /** The account, from the verified token: ownership is decided by it (issue 36). */
  @IsMongoId(idRule('caller._id'))
  _id!: string;

  /** The display name the token carries: a new author's name until svc-community hears of the account. */
  @IsOptional()
  @IsString({ message: 'caller.name must be text.' })
  @MaxLength(DISPLAY_NAME_LIMITS.max * 4, { message: 'caller.name is too long.' })
  name?: string;

  @IsBoolean({ message: 'caller.isAdmin must be true or false.' })
  isAdmin!: boolean;
}

/** community.create-question: the question's own fields (the gateway has checked the sandbox's course) and who asks. */
export class CreateQuestionMessageDto extends QnaQuestionDto {
  @ValidateNested()
  @Type(() => CallerDto)
  caller!: CallerDto;
}

/** community.find-question-json */
export class QuestionJsonMessageDto {
  @IsMongoId(idRule('id'))
  id!: string;

  /** The caller accepts gzip (the browser said so): the bytes come gzipped, 45 kB → 2.5 kB for 200 replies. */
  @IsOptional()
  @IsBoolean({ message: 'gzip must be true or false.' })
  gzip?: boolean;
}

/** community.delete-question's body, and what every other change to a question carries: who asks. */
export class CallerMessageDto {
  @ValidateNested()
  @Type(() => CallerDto)
  caller!: CallerDto;
}

/** community.update-question: an edit (applied only when the caller is the author; alone from anyone else a 403) and/or a new reply. */
export class UpdateQuestionMessageDto extends CallerMessageDto {
  @IsOptional()
  @ValidateNested()
  @Type(() => QnaQuestionDto)
  edit?: QnaQuestionDto;

  @IsOptional()
  @IsText(FIELD_LABELS.qna.reply, LIMITS.qna.reply)
  reply?: string;
}

/** community.delete-reply: the HTTP body itself (`id`: the reply) and who asks. */
export class DeleteReplyMessageDto extends IdDto {
  @ValidateNested()
  @Type(() => CallerDto)
  caller!: CallerDto;
}

/** community.accept-reply: the HTTP body itself (`id`: a reply of this question, or null to clear; admins only) and who asks. */
export class AcceptReplyMessageDto extends QnaAcceptDto {
  @ValidateNested()
  @Type(() => CallerDto)
  caller!: CallerDto;
}
