import { Module } from '@nestjs/common';
import { SandboxesModule } from '../sandboxes/sandboxes.module.js';
import { PostgresGradingService } from './postgres-grading.service.js';
import { PostgresLabAccess } from './postgres-lab.access.js';
import { PostgresLabController } from './postgres-lab.controller.js';
import { PostgresLabService } from './postgres-lab.service.js';

/** The PostgreSQL lab (issue 32): runs and graded attempts on the server's PostgreSQL, beside the SQLite workers. */
@Module({
  imports: [SandboxesModule],
  controllers: [PostgresLabController],
  providers: [PostgresLabAccess, PostgresLabService, PostgresGradingService],
  exports: [PostgresGradingService],
})
export class PostgresLabModule {}
