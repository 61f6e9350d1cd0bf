import { Module } from '@nestjs/common';
import { CoursesModule } from '../courses/courses.module.js';
import { ProjectsController } from './projects.controller.js';
import { ProjectsService } from './projects.service.js';

/** The project model comes from CoursesModule, which keeps course membership. */
@Module({
  imports: [CoursesModule],
  controllers: [ProjectsController],
  providers: [ProjectsService],
  exports: [ProjectsService],
})
export class ProjectsModule {}
