import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { ROUTED_SERVICES } from '../services/services.constants.js';
import type { HealthReport } from './health.service.js';

@ApiSchema({ name: 'HealthReport' })
export class HealthReportDoc implements HealthReport {
  @ApiProperty({ enum: ['ok', 'unavailable'], example: 'ok' })
  status!: 'ok' | 'unavailable';

  @ApiProperty({
    type: 'object',
    properties: Object.fromEntries(ROUTED_SERVICES.map((service) => [service, { type: 'string', enum: ['up', 'down'] }])),
    example: Object.fromEntries(ROUTED_SERVICES.map((service) => [service, 'up'])),
  })
  services!: HealthReport['services'];
}
