import { CONTENT_PATTERNS, ROUTES, type Tutorial } from '@dblearn/contracts';
import { TutorialAnswer } from '@dblearn/contracts/answers';
import { Body, Controller, Delete, Get, Param, Post, Put, Req, Res } from '@nestjs/common';
import { ApiConflictResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { ERROR_ENVELOPE } from '../common/docs/answer-docs.js';
import { acceptsGzip, sendJsonBytes } from '../common/json-bytes-answer.js';
import { ObjectIdPipe } from '../common/pipes/object-id.pipe.js';
import { ServiceClients } from '../services/service-clients.js';
import { ItemAnswers } from './item-answers.js';
import { AdminWrite, BLOCK_TOO_LARGE, ContentUnavailable, SignedIn } from './content.api.js';
import { CreateTutorialDto, IdDto, UpdateTutorialDto } from '@dblearn/contracts/dto';

@ApiTags('tutorials')
@ContentUnavailable()
@Controller()
export class TutorialsController {
  constructor(
    private readonly services: ServiceClients,
    private readonly itemAnswers: ItemAnswers,
  ) {}

  @Get(ROUTES.tutorials.find.path)
  @SignedIn({ summary: 'One tutorial', answer: TutorialAnswer, byId: true })
  async find(@Param('id', ObjectIdPipe) id: string, @Req() request: Request, @Res() response: Response): Promise<void> {
    // svc-content's kept answer, sent as it is, with its entity tag (304 when the browser has it).
    sendJsonBytes(request, response, await this.itemAnswers.find('tutorial', id, acceptsGzip(request)));
  }

  @Post(ROUTES.tutorials.create.path)
  @AdminWrite({ summary: 'Create a tutorial', description: 'With courseId it is attached to that course; `content` is its first block.', answer: TutorialAnswer, created: true })
  create(@Body() body: CreateTutorialDto): Promise<Tutorial> {
    return this.services.send(CONTENT_PATTERNS.createTutorial, body);
  }

  @Put(ROUTES.tutorials.removeBlock.path)
  @AdminWrite({ summary: 'Remove a content block', description: 'The body names the block.', answer: TutorialAnswer, byId: true })
  removeBlock(@Param('tutorialId', ObjectIdPipe) id: string, @Body() body: IdDto): Promise<Tutorial> {
    return this.services.send(CONTENT_PATTERNS.removeTutorialBlock, { id, body });
  }

  @Put(ROUTES.tutorials.update.path)
  @ApiConflictResponse({ schema: ERROR_ENVELOPE, description: BLOCK_TOO_LARGE })
  @AdminWrite({ summary: 'Update a tutorial', description: '`content` appends a block.', answer: TutorialAnswer, byId: true })
  update(@Param('id', ObjectIdPipe) id: string, @Body() body: UpdateTutorialDto): Promise<Tutorial> {
    return this.services.send(CONTENT_PATTERNS.updateTutorial, { id, body });
  }

  @Delete(ROUTES.tutorials.delete.path)
  @AdminWrite({ summary: 'Delete a tutorial', description: 'Detached from its course.', answer: TutorialAnswer, byId: true })
  delete(@Param('id', ObjectIdPipe) id: string): Promise<Tutorial> {
    return this.services.send(CONTENT_PATTERNS.deleteTutorial, { id });
  }
}
