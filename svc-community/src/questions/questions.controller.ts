import { COMMUNITY_PATTERNS, type ListPage, type QnaQuestion, type QnaQuestionSummary } from '@dblearn/contracts';
import {
  AcceptReplyMessageDto,
  CallerMessageDto,
  CreateQuestionMessageDto,
  DeleteReplyMessageDto,
  IdDto,
  ListQueryDto,
  QuestionJsonMessageDto,
  UpdateQuestionMessageDto,
  type WithPathId,
} from '@dblearn/contracts/dto';
import { JsonBytesReply, PathIdAndBody } from '@dblearn/nest-common';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { QuestionsService } from './questions.service.js';

/** svc-community's request-reply subjects. Payloads are validated against their DTO before they get here. */
@Controller()
export class QuestionsController {
  constructor(private readonly questions: QuestionsService) {}

  @MessagePattern(COMMUNITY_PATTERNS.listQuestions)
  list(@Payload() request: ListQueryDto): Promise<ListPage<QnaQuestionSummary>> {
    return this.questions.listQuestions(request);
  }

  @MessagePattern(COMMUNITY_PATTERNS.findQuestion)
  find(@Payload() { id }: IdDto): Promise<QnaQuestion> {
    return this.questions.findQuestion(id);
  }

  @MessagePattern(COMMUNITY_PATTERNS.findQuestionJson)
  findJson(@Payload() { id, gzip }: QuestionJsonMessageDto): Promise<JsonBytesReply> {
    return this.questions.findQuestionJson(id, gzip);
  }

  @MessagePattern(COMMUNITY_PATTERNS.createQuestion)
  create(@Payload() request: CreateQuestionMessageDto): Promise<QnaQuestion> {
    return this.questions.createQuestion(request);
  }

  @MessagePattern(COMMUNITY_PATTERNS.updateQuestion)
  update(@Payload(PathIdAndBody(UpdateQuestionMessageDto)) { id, body }: WithPathId<UpdateQuestionMessageDto>): Promise<QnaQuestion> {
    return this.questions.updateQuestion(id, body);
  }

  @MessagePattern(COMMUNITY_PATTERNS.deleteQuestion)
  delete(@Payload(PathIdAndBody(CallerMessageDto)) { id, body }: WithPathId<CallerMessageDto>): Promise<QnaQuestion> {
    return this.questions.deleteQuestion(id, body);
  }

  @MessagePattern(COMMUNITY_PATTERNS.deleteReply)
  deleteReply(@Payload(PathIdAndBody(DeleteReplyMessageDto)) { id, body }: WithPathId<DeleteReplyMessageDto>): Promise<QnaQuestion> {
    return this.questions.deleteReply(id, body);
  }

  @MessagePattern(COMMUNITY_PATTERNS.acceptReply)
  accept(@Payload(PathIdAndBody(AcceptReplyMessageDto)) { id, body }: WithPathId<AcceptReplyMessageDto>): Promise<QnaQuestion> {
    return this.questions.acceptReply(id, body);
  }
}
