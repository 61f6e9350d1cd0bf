import { Controller, Get, HttpStatus, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '../auth/public.decorator.js';
import { HealthReportDoc } from './health.docs.js';
import { type HealthReport, HealthService } from './health.service.js';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  @Get()
  @Public()
  @ApiOperation({ summary: 'Is every service answering?', description: 'Asks each service at once; answers within about 1.5 s.' })
  @ApiOkResponse({ type: HealthReportDoc, description: 'Every service answered.' })
  @ApiServiceUnavailableResponse({ type: HealthReportDoc, description: 'Same shape (not the error envelope), naming the services that are down.' })
  async check(@Res({ passthrough: true }) response: Response): Promise<HealthReport> {
    const report = await this.health.check();
    // CONTRACT: a 503 here carries the report itself, not the error envelope.
    response.status(report.status === 'ok' ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE);
    return report;
  }
}
