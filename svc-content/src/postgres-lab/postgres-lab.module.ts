import { Module } from '@nestjs/common';
import { SandboxesModule } from '../sandboxes/sandboxes.module.js';
import { PostgresLabController } from './postgres-lab.controller.js';
import { PostgresLabService } from './postgres-lab.service.js';

/** The PostgreSQL lab (issue 32): runs on the server's PostgreSQL, beside the SQLite workers. */
@Module({
  imports: [SandboxesModule],
  controllers: [PostgresLabController],
  providers: [PostgresLabService],
})
export class PostgresLabModule {}
