import { Module } from '@nestjs/common';
import { CoursesModule } from '../courses/courses.module.js';
import { InterviewModule } from '../interview/interview.module.js';
import { TransferModule } from '../transfer/transfer.module.js';
import { SeedService } from './seed.service.js';

@Module({
  imports: [CoursesModule, InterviewModule, TransferModule],
  providers: [SeedService],
})
export class SeedModule {}
