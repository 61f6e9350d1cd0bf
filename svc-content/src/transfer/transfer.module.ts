import { Module } from '@nestjs/common';
import { CoursesModule } from '../courses/courses.module.js';
import { InterviewModule } from '../interview/interview.module.js';
import { ExportService } from './export.service.js';
import { ImportService } from './import.service.js';
import { TransferController } from './transfer.controller.js';

@Module({
  imports: [CoursesModule, InterviewModule],
  controllers: [TransferController],
  providers: [ExportService, ImportService],
  exports: [ImportService],
})
export class TransferModule {}
