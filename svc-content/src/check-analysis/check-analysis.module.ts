import { StorageModule } from '@dblearn/nest-common';
import { Module } from '@nestjs/common';
import { CoursesModule } from '../courses/courses.module.js';
import { SandboxesModule } from '../sandboxes/sandboxes.module.js';
import { CheckAnalysisController } from './check-analysis.controller.js';
import { CheckAnalysisService } from './check-analysis.service.js';
import { CheckStatsRecord, CheckStatsSchema } from './check-stats.schema.js';

/** What each check teaches (issue 34): learners' counted attempts per check, for authors. */
@Module({
  // Written by the durable consumer on whichever instance gets the event: the lock spans processes.
  imports: [CoursesModule, SandboxesModule, StorageModule.forFeature([{ name: CheckStatsRecord.name, schema: CheckStatsSchema, lockScope: 'processes' }])],
  controllers: [CheckAnalysisController],
  providers: [CheckAnalysisService],
})
export class CheckAnalysisModule {}
