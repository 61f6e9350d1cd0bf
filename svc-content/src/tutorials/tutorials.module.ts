import { Module } from '@nestjs/common';
import { CoursesModule } from '../courses/courses.module.js';
import { TutorialsController } from './tutorials.controller.js';
import { TutorialsService } from './tutorials.service.js';

/** The tutorial model comes from CoursesModule, which keeps course membership. */
@Module({
  imports: [CoursesModule],
  controllers: [TutorialsController],
  providers: [TutorialsService],
  exports: [TutorialsService],
})
export class TutorialsModule {}
