import { type CheckAnalysis, type CheckFigures, CONTENT_PATTERNS, ROUTES } from '@dblearn/contracts';
import { CheckAnalysisAnswer, CheckFiguresAnswer } from '@dblearn/contracts/answers';
import { CheckAnalysisQueryDto } from '@dblearn/contracts/dto';
import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { pageItems, totalCountHeader } from '../common/lists.js';
import { ObjectIdPipe } from '../common/pipes/object-id.pipe.js';
import { ServiceClients } from '../services/service-clients.js';
import { AdminWrite, ContentUnavailable } from './content.api.js';

/** What each check teaches (issue 34): learners' figures per check, for authors. Learners never see them. */
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

  @Get(ROUTES.checkAnalysis.find.path)
  @AdminWrite({
    summary: 'One check’s figures and its most common wrong answers',
    description: 'Zeros for a check nobody attempted yet; 404 when the project has no such check.',
    answer: CheckAnalysisAnswer,
    byId: true,
  })
  find(@Param('projectId', ObjectIdPipe) projectId: string, @Param('checkId', ObjectIdPipe) checkId: string): Promise<CheckAnalysis> {
    return this.services.send(CONTENT_PATTERNS.findCheckAnalysis, { id: projectId, body: { id: checkId } });
  }
}
