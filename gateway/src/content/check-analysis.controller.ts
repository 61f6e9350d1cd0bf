import { type CheckFigures, CONTENT_PATTERNS, ROUTES } from '@dblearn/contracts';
import { CheckFiguresAnswer } from '@dblearn/contracts/answers';
import { CheckAnalysisQueryDto } from '@dblearn/contracts/dto';
import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { pageItems, totalCountHeader } from '../common/lists.js';
import { ServiceClients } from '../services/service-clients.js';
import { AdminWrite, ContentUnavailable } from './content.api.js';

/** What each check teaches (issue 34): learners' figures per check, for authors. Learners never see them. One check's figures are forwarded from the route table (decision 0051). */
@ApiTags('checks')
@ContentUnavailable()
@Controller()
export class CheckAnalysisController {
  constructor(private readonly services: ServiceClients) {}

  @Get(ROUTES.checkAnalysis.list.path)
  @AdminWrite({
    summary: 'Every check with its learners’ figures',
    description:
      'Checks at least one learner attempted, sorted by sort (tried, passRate, medianAttempts, reveals; default tried) and order (desc, asc; default desc), ties by check id; page from 1, pageSize 1–100 (default 100). 400 naming the allowed values for any other.',
    answer: [CheckFiguresAnswer],
    headers: totalCountHeader('checks'),
  })
  async list(@Query() query: CheckAnalysisQueryDto, @Res({ passthrough: true }) response: Response): Promise<CheckFigures[]> {
    return pageItems(response, await this.services.send(CONTENT_PATTERNS.listCheckAnalysis, query));
  }
}
