import { type CheckAnalysis, type CheckFigures, CONTENT_PATTERNS, type ListPage, type RouteCall, ROUTES } from '@dblearn/contracts';
import { CheckAnalysisQueryDto } from '@dblearn/contracts/dto';
import { RouteHandler } from '@dblearn/nest-common';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CheckAnalysisService } from './check-analysis.service.js';

/** Authors' analysis of checks (issue 34); admins only, by the gateway's guard (and @RouteHandler's check for one check). */
@Controller()
export class CheckAnalysisController {
  constructor(private readonly analysis: CheckAnalysisService) {}

  @MessagePattern(CONTENT_PATTERNS.listCheckAnalysis)
  list(@Payload() query: CheckAnalysisQueryDto): Promise<ListPage<CheckFigures>> {
    return this.analysis.page(query);
  }

  @RouteHandler(ROUTES.checkAnalysis.find)
  find(@Payload() { params }: RouteCall<null, 'projectId' | 'checkId'>): Promise<CheckAnalysis> {
    return this.analysis.find(params.projectId, params.checkId);
  }
}
