import { Module } from '@nestjs/common';
import { CoursesModule } from '../courses/courses.module.js';
import { InterviewModule } from '../interview/interview.module.js';
import { ContentSearch } from './content-search.js';
import { SearchController } from './search.controller.js';

@Module({
  imports: [CoursesModule, InterviewModule],
  controllers: [SearchController],
  providers: [ContentSearch],
})
export class SearchModule {}
