import { ROUTES } from '@dblearn/contracts';
import type { HealthReport } from '@dblearn/contracts';
import { HealthReportAnswer } from '@dblearn/contracts/answers';
import { Controller, Get, HttpStatus, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '../auth/public.decorator.js';
import { answerSchema } from '../common/docs/answer-docs.js';
import { HealthService } from './health.service.js';

@ApiTags('health')
@Controller()
export class HealthController {
  constructor(private readonly health: HealthService) {}

  @Get(ROUTES.health.check.path)
  @Public()
  @ApiOperation({ summary: 'Is every service answering?', description: 'Asks each service at once; answers within about 1.5 s.' })
  @ApiOkResponse({ schema: answerSchema(HealthReportAnswer), description: 'Every service answered.' })
  @ApiServiceUnavailableResponse({ schema: answerSchema(HealthReportAnswer), description: 'Same shape (not the error envelope), naming the services that are down.' })
  async check(@Res({ passthrough: true }) response: Response): Promise<HealthReport> {
    const report = await this.health.check();
    // CONTRACT: a 503 here carries the report itself, not the error envelope.
    response.status(report.status === 'ok' ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE);
    return report;
  }
}
