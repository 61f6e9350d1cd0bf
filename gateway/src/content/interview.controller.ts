import { CONTENT_PATTERNS, TOTAL_COUNT_HEADER, type InterviewQuestion } from '@dblearn/contracts';
import { InterviewQuestionDto, ListQueryDto } from '@dblearn/contracts/dto';
import { Body, Controller, Delete, Get, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiHeader, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { ObjectIdPipe } from '../common/pipes/object-id.pipe.js';
import { ServiceClients } from '../services/service-clients.js';
import { AdminWrite, ContentUnavailable, pageItems, SignedIn } from './content.api.js';
import { InterviewQuestionDoc } from './content.docs.js';

@ApiTags('interview')
@ContentUnavailable()
@Controller('interview')
export class InterviewController {
  constructor(private readonly services: ServiceClients) {}

  @Get()
  @SignedIn({ summary: 'List interview questions', description: 'Oldest first; filter by topic, page with page (from 1) and pageSize (1–100, default 100).', type: [InterviewQuestionDoc] })
  @ApiHeader({ name: TOTAL_COUNT_HEADER, description: 'In the answer: how many questions match.' })
  async list(@Query() query: ListQueryDto, @Res({ passthrough: true }) response: Response): Promise<InterviewQuestion[]> {
    return pageItems(response, await this.services.send(CONTENT_PATTERNS.listInterview, query));
  }

  @Get(':id')
  @SignedIn({ summary: 'One interview question', type: InterviewQuestionDoc, byId: true })
  find(@Param('id', ObjectIdPipe) id: string): Promise<InterviewQuestion> {
    return this.services.send(CONTENT_PATTERNS.findInterview, { id });
  }

  @Post()
  @AdminWrite({ summary: 'Create an interview question', type: InterviewQuestionDoc, created: true })
  create(@Body() body: InterviewQuestionDto): Promise<InterviewQuestion> {
    return this.services.send(CONTENT_PATTERNS.createInterview, body);
  }

  @Put(':id')
  @AdminWrite({ summary: 'Update an interview question', description: 'Saved copies in learners’ lists follow.', type: InterviewQuestionDoc, byId: true })
  update(@Param('id', ObjectIdPipe) id: string, @Body() body: InterviewQuestionDto): Promise<InterviewQuestion> {
    return this.services.send(CONTENT_PATTERNS.updateInterview, { ...body, id });
  }

  @Delete(':id')
  @AdminWrite({ summary: 'Delete an interview question', description: 'It leaves every learner’s saved list.', type: InterviewQuestionDoc, byId: true })
  delete(@Param('id', ObjectIdPipe) id: string): Promise<InterviewQuestion> {
    return this.services.send(CONTENT_PATTERNS.deleteInterview, { id });
  }
}
