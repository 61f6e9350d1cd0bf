import { ROUTES } from '@dblearn/contracts';
import { TutorialAnswer } from '@dblearn/contracts/answers';
import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { acceptsGzip, sendJsonBytes } from '../common/json-bytes-answer.js';
import { ObjectIdPipe } from '../common/pipes/object-id.pipe.js';
import { ItemAnswers } from './item-answers.js';
import { ContentUnavailable, SignedIn } from './content.api.js';

/** A tutorial's kept answer with its entity tag; the admin's tutorial writes are forwarded from the route table (decision 0051). */
@ApiTags('tutorials')
@ContentUnavailable()
@Controller()
export class TutorialsController {
  constructor(private readonly itemAnswers: ItemAnswers) {}

  @Get(ROUTES.tutorials.find.path)
  @SignedIn({ summary: 'One tutorial', answer: TutorialAnswer, byId: true })
  async find(@Param('id', ObjectIdPipe) id: string, @Req() request: Request, @Res() response: Response): Promise<void> {
    // svc-content's kept answer, sent as it is, with its entity tag (304 when the browser has it).
    sendJsonBytes(request, response, await this.itemAnswers.find('tutorial', id, acceptsGzip(request)));
  }
}
