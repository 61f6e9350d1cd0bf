import { CONTENT_PATTERNS, type InterviewQuestion, type ListPage, type RouteCall, ROUTES } from '@dblearn/contracts';
import { IdDto, InterviewListQueryDto, type InterviewQuestionDto } from '@dblearn/contracts/dto';
import { RouteHandler } from '@dblearn/nest-common';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { InterviewService } from './interview.service.js';

/** svc-content's interview reads, and the admin's interview writes the gateway forwards (decision 0051). */
@Controller()
export class InterviewController {
  constructor(private readonly interview: InterviewService) {}

  @MessagePattern(CONTENT_PATTERNS.listInterview)
  list(@Payload() query: InterviewListQueryDto): Promise<ListPage<InterviewQuestion>> {
    return this.interview.list(query);
  }

  @MessagePattern(CONTENT_PATTERNS.findInterview)
  find(@Payload() { id }: IdDto): Promise<InterviewQuestion> {
    return this.interview.find(id);
  }

  @RouteHandler(ROUTES.interview.create)
  create(@Payload() { body }: RouteCall<InterviewQuestionDto>): Promise<InterviewQuestion> {
    return this.interview.create(body);
  }

  @RouteHandler(ROUTES.interview.update)
  update(@Payload() { params, body }: RouteCall<InterviewQuestionDto, 'id'>): Promise<InterviewQuestion> {
    return this.interview.update(params.id, body);
  }

  @RouteHandler(ROUTES.interview.delete)
  delete(@Payload() { params }: RouteCall<null, 'id'>): Promise<InterviewQuestion> {
    return this.interview.delete(params.id);
  }
}
