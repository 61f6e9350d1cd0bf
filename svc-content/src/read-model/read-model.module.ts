import { Module } from '@nestjs/common';
import { CoursesModule } from '../courses/courses.module.js';
import { InterviewModule } from '../interview/interview.module.js';
import { ContentEventsListener } from './content-events.listener.js';

@Module({
  imports: [CoursesModule, InterviewModule],
  providers: [ContentEventsListener],
})
export class ReadModelModule {}
