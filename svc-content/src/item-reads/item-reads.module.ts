import { Module } from '@nestjs/common';
import { CoursesModule } from '../courses/courses.module.js';
import { InterviewModule } from '../interview/interview.module.js';
import { ProjectsModule } from '../projects/projects.module.js';
import { TutorialsModule } from '../tutorials/tutorials.module.js';
import { ItemCacheModule } from '../item-cache/item-cache.module.js';
import { ItemReadsController } from './item-reads.controller.js';

/** content.item.find-json: the four item reads from memory. */
@Module({
  imports: [ItemCacheModule, CoursesModule, TutorialsModule, ProjectsModule, InterviewModule],
  controllers: [ItemReadsController],
})
export class ItemReadsModule {}
