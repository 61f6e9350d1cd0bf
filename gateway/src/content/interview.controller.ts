import { CONTENT_PATTERNS, type InterviewQuestion, ROUTES } from '@dblearn/contracts';
import { InterviewQuestionAnswer } from '@dblearn/contracts/answers';
import { InterviewListQueryDto } from '@dblearn/contracts/dto';
import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ObjectIdPipe } from '../common/pipes/object-id.pipe.js';
import type { Request, Response } from 'express';
import { acceptsGzip, sendJsonBytes } from '../common/json-bytes-answer.js';
import { ServiceClients } from '../services/service-clients.js';
import { ItemAnswers } from './item-answers.js';
import { pageItems, totalCountHeader } from '../common/lists.js';
import { ContentUnavailable, SignedIn } from './content.api.js';

/** The interview list (a page) and kept answer; the admin's interview writes are forwarded from the route table (decision 0051). */
@ApiTags('interview')
@ContentUnavailable()
@Controller()
export class InterviewController {
  constructor(
    private readonly services: ServiceClients,
    private readonly itemAnswers: ItemAnswers,
  ) {}

  @Get(ROUTES.interview.list.path)
  @SignedIn({ summary: 'List interview questions', description: 'Oldest first; filter by topic and difficulty (easy, medium, hard), page with page (from 1) and pageSize (1–100, default 100).', answer: [InterviewQuestionAnswer], headers: totalCountHeader('questions') })
  async list(@Query() query: InterviewListQueryDto, @Res({ passthrough: true }) response: Response): Promise<InterviewQuestion[]> {
    return pageItems(response, await this.services.send(CONTENT_PATTERNS.listInterview, query));
  }

  @Get(ROUTES.interview.find.path)
  @SignedIn({ summary: 'One interview question', answer: InterviewQuestionAnswer, byId: true })
  async find(@Param('id', ObjectIdPipe) id: string, @Req() request: Request, @Res() response: Response): Promise<void> {
    // svc-content's kept answer, sent as it is, with its entity tag (304 when the browser has it).
    sendJsonBytes(request, response, await this.itemAnswers.find('interview', id, acceptsGzip(request)));
  }
}
