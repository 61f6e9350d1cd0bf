import { CONTENT_PATTERNS, PRACTICE_QUERY_FIELDS, type PracticeExercise, type PracticeNext, type PracticeSolved, ROUTES, type TokenClaims } from '@dblearn/contracts';
import { PracticeExerciseAnswer, PracticeNextAnswer, PracticeSolvedAnswer } from '@dblearn/contracts/answers';
import { PracticeNextQueryDto, PracticeQueryDto } from '@dblearn/contracts/dto';
import { Controller, Get, Query, Res, UseInterceptors } from '@nestjs/common';
import { ApiBadRequestResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { ERROR_ENVELOPE } from '../common/docs/answer-docs.js';
import { CurrentUser } from '../common/decorators/current-user.decorator.js';
import { pageItems, totalCountHeader } from '../common/lists.js';
import { ServiceClients } from '../services/service-clients.js';
import { ContentUnavailable, SignedIn } from './content.api.js';
import { KnownQueryFields } from './known-query-fields.js';

const BAD_QUERY = { schema: ERROR_ENVELOPE, description: 'An unknown query field or value; the message names the allowed ones.' };

/** Issue 34's practice list: every graded exercise with the caller's status, from svc-content's read models. */
@ApiTags('practice')
@ContentUnavailable()
@Controller()
export class PracticeController {
  constructor(private readonly services: ServiceClients) {}

  @Get(ROUTES.practice.list.path)
  @UseInterceptors(new KnownQueryFields(PRACTICE_QUERY_FIELDS))
  @SignedIn({
    summary: 'The practice list',
    description:
      'Every graded exercise (a project’s check) of every course, in course order, with the caller’s status and the acceptance rate. Filters topic, course, kind, difficulty, status; sort difficulty, -difficulty, acceptance, -acceptance; q searches the task and project title; page and pageSize (1–100, default 100).',
    answer: [PracticeExerciseAnswer],
    headers: totalCountHeader('exercises'),
  })
  @ApiBadRequestResponse(BAD_QUERY)
  async list(@CurrentUser() caller: TokenClaims, @Query() query: PracticeQueryDto, @Res({ passthrough: true }) response: Response): Promise<PracticeExercise[]> {
    return pageItems(response, await this.services.send(CONTENT_PATTERNS.listPractice, { ...query, userId: caller._id }));
  }

  @Get(ROUTES.practice.solved.path)
  @SignedIn({ summary: 'Exercises solved per topic and difficulty', description: 'For the dashboard; 503 while the caller’s progress cannot be read.', answer: PracticeSolvedAnswer })
  solved(@CurrentUser() caller: TokenClaims): Promise<PracticeSolved> {
    return this.services.send(CONTENT_PATTERNS.solvedPractice, { userId: caller._id });
  }

  @Get(ROUTES.practice.next.path)
  @UseInterceptors(new KnownQueryFields(['after']))
  @SignedIn({
    summary: 'The exercise after one',
    description: 'The next exercise the caller has not solved of the same topic and difficulty as check `after`, else one harder; `next` is null when none is left. 404 for a check not listed.',
    answer: PracticeNextAnswer,
  })
  @ApiBadRequestResponse(BAD_QUERY)
  next(@CurrentUser() caller: TokenClaims, @Query() { after }: PracticeNextQueryDto): Promise<PracticeNext> {
    return this.services.send(CONTENT_PATTERNS.nextPractice, { after, userId: caller._id });
  }
}
