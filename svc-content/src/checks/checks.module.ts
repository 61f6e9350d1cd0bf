import { Module } from '@nestjs/common';
import { StorageModule } from '@dblearn/nest-common';
import { CoursesModule } from '../courses/courses.module.js';
import { PostgresLabModule } from '../postgres-lab/postgres-lab.module.js';
import { SandboxesModule } from '../sandboxes/sandboxes.module.js';
import { CheckPassRecord, CheckPassSchema } from './check-pass.schema.js';
import { ChecksController } from './checks.controller.js';
import { ChecksService } from './checks.service.js';

/** Projects' checks, learners' attempts and their passes. The project model comes from CoursesModule. */
@Module({
  imports: [CoursesModule, SandboxesModule, PostgresLabModule, StorageModule.forFeature([{ name: CheckPassRecord.name, schema: CheckPassSchema }])],
  controllers: [ChecksController],
  providers: [ChecksService],
  exports: [ChecksService],
})
export class ChecksModule {}
