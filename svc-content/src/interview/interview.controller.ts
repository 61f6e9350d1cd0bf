import { CONTENT_PATTERNS, type InterviewQuestion, type ListPage } from '@dblearn/contracts';
import { IdDto, InterviewListQueryDto, InterviewQuestionDto, type WithPathId } from '@dblearn/contracts/dto';
import { PathIdAndBody } from '@dblearn/nest-common';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { InterviewService } from './interview.service.js';

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

  @MessagePattern(CONTENT_PATTERNS.createInterview)
  create(@Payload() fields: InterviewQuestionDto): Promise<InterviewQuestion> {
    return this.interview.create(fields);
  }

  @MessagePattern(CONTENT_PATTERNS.updateInterview)
  update(@Payload(PathIdAndBody(InterviewQuestionDto)) { id, body }: WithPathId<InterviewQuestionDto>): Promise<InterviewQuestion> {
    return this.interview.update(id, body);
  }

  @MessagePattern(CONTENT_PATTERNS.deleteInterview)
  delete(@Payload() { id }: IdDto): Promise<InterviewQuestion> {
    return this.interview.delete(id);
  }
}
