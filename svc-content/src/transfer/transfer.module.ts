import { Module } from '@nestjs/common';
import { CoursesModule } from '../courses/courses.module.js';
import { InterviewModule } from '../interview/interview.module.js';
import { PostgresLabModule } from '../postgres-lab/postgres-lab.module.js';
import { SandboxesModule } from '../sandboxes/sandboxes.module.js';
import { ExportService } from './export.service.js';
import { ImportService } from './import.service.js';
import { TransferController } from './transfer.controller.js';

@Module({
  imports: [CoursesModule, InterviewModule, SandboxesModule, PostgresLabModule],
  controllers: [TransferController],
  providers: [ExportService, ImportService],
  exports: [ImportService],
})
export class TransferModule {}
