import { Module } from '@nestjs/common';
import { PostgresLabModule } from '../postgres-lab/postgres-lab.module.js';
import { SandboxesModule } from '../sandboxes/sandboxes.module.js';
import { SandboxesController } from './sandboxes.controller.js';

/** The sandbox calls: saving one is judged on both engines, so this sits above the sandboxes and the PostgreSQL lab (which uses them). */
@Module({
  imports: [SandboxesModule, PostgresLabModule],
  controllers: [SandboxesController],
})
export class SandboxAdminModule {}
