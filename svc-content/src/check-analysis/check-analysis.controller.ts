import { type CheckAnalysis, type CheckFigures, CONTENT_PATTERNS, type ListPage } from '@dblearn/contracts';
import { CheckAnalysisQueryDto, IdDto, type WithPathId } from '@dblearn/contracts/dto';
import { PathIdAndBody } from '@dblearn/nest-common';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CheckAnalysisService } from './check-analysis.service.js';

/** Authors' analysis of checks (issue 34); admins only, by the gateway's guard. */
@Controller()
export class CheckAnalysisController {
  constructor(private readonly analysis: CheckAnalysisService) {}

  @MessagePattern(CONTENT_PATTERNS.listCheckAnalysis)
  list(@Payload() query: CheckAnalysisQueryDto): Promise<ListPage<CheckFigures>> {
    return this.analysis.page(query);
  }

  @MessagePattern(CONTENT_PATTERNS.findCheckAnalysis)
  find(@Payload(PathIdAndBody(IdDto, 'projectId')) { id, body }: WithPathId<IdDto>): Promise<CheckAnalysis> {
    return this.analysis.find(id, body.id);
  }
}
