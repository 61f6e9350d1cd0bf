import { type AttemptResult, type CheckPasses, type CheckSolution, CONTENT_PATTERNS, ROUTES, SQL_CALL_TIMEOUT_MS, type TokenClaims } from '@dblearn/contracts';
import { AttemptResultAnswer, CheckPassesAnswer, CheckSolutionAnswer, ProjectAnswer } from '@dblearn/contracts/answers';
import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { acceptsGzip, sendJsonBytes } from '../common/json-bytes-answer.js';
import { ObjectIdPipe } from '../common/pipes/object-id.pipe.js';
import { ServiceClients } from '../services/service-clients.js';
import { ItemAnswers } from './item-answers.js';
import { ContentUnavailable, SignedIn } from './content.api.js';
import { AttemptDto } from '@dblearn/contracts/dto';
import { CurrentUser } from '../common/decorators/current-user.decorator.js';
import { AttemptLimits } from '../common/limits/user-limits.js';

/** The project calls that do more than forward (the kept answer, the caller's own progress, attempts with their limits); the admin writes are forwarded from the route table (decision 0051). */
@ApiTags('projects')
@ContentUnavailable()
@Controller()
export class ProjectsController {
  constructor(
    private readonly services: ServiceClients,
    private readonly itemAnswers: ItemAnswers,
  ) {}

  @Get(ROUTES.projects.find.path)
  @SignedIn({ summary: 'One project', answer: ProjectAnswer, byId: true })
  async find(@Param('id', ObjectIdPipe) id: string, @Req() request: Request, @Res() response: Response): Promise<void> {
    // svc-content's kept answer, sent as it is, with its entity tag (304 when the browser has it).
    sendJsonBytes(request, response, await this.itemAnswers.find('project', id, acceptsGzip(request)));
  }

  @Get(ROUTES.projects.passes.path)
  @SignedIn({
    summary: 'The caller’s progress on the checks',
    description: 'Among the project’s current checks, in its order: the ones passed, the ones whose solution was shown before a pass, and per check the hints unlocked and the failed attempts.',
    answer: CheckPassesAnswer,
    byId: true,
  })
  passes(@CurrentUser() caller: TokenClaims, @Param('projectId', ObjectIdPipe) projectId: string): Promise<CheckPasses> {
    return this.services.send(CONTENT_PATTERNS.checkPasses, { projectId, userId: caller._id });
  }

  @Post(ROUTES.projects.attempt.path)
  @HttpCode(HttpStatus.OK)
  @AttemptLimits()
  @SignedIn({
    summary: 'Attempt a check',
    description:
      'sql (query and state checks), query (mongo checks) or answer (quizzes); 400 for another shape. Graded on fresh copies of the course sandbox and its hidden variant (2 s limit). 200 with passed false and a reason when it fails, errors or runs too long; a pass is remembered, a fail unlocks the next hint, three fails the solution.',
    answer: AttemptResultAnswer,
    byId: true,
  })
  attempt(@CurrentUser() caller: TokenClaims, @Param('projectId', ObjectIdPipe) projectId: string, @Body() body: AttemptDto): Promise<AttemptResult> {
    return this.services.send(CONTENT_PATTERNS.attempt, { id: projectId, body: { ...body, userId: caller._id } }, SQL_CALL_TIMEOUT_MS);
  }

  @Post(ROUTES.projects.solution.path)
  @HttpCode(HttpStatus.OK)
  @SignedIn({
    summary: 'Reveal a check’s solution',
    description: '403 until the caller has failed the check 3 times (or passed it). A reveal before passing is recorded: a later pass counts as solved with the solution shown.',
    answer: CheckSolutionAnswer,
    byId: true,
  })
  solution(@CurrentUser() caller: TokenClaims, @Param('projectId', ObjectIdPipe) projectId: string, @Param('checkId', ObjectIdPipe) checkId: string): Promise<CheckSolution> {
    return this.services.send(CONTENT_PATTERNS.checkSolution, { projectId, checkId, userId: caller._id });
  }
}
