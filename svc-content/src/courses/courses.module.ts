import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { ItemLocksModule } from '../item-locks/item-locks.module.js';
import { ProjectRecord, ProjectSchema } from '../projects/project.schema.js';
import { TutorialRecord, TutorialSchema } from '../tutorials/tutorial.schema.js';
import { CourseRecord, CourseSchema } from './course.schema.js';
import { CoursesController } from './courses.controller.js';
import { CoursesReadModel } from './courses.read-model.js';
import { CoursesService } from './courses.service.js';

/** Courses own the membership of tutorials and projects, so this module sees all three collections. */
@Module({
  imports: [
    ItemLocksModule,
    MongooseModule.forFeature([
      { name: CourseRecord.name, schema: CourseSchema },
      { name: TutorialRecord.name, schema: TutorialSchema },
      { name: ProjectRecord.name, schema: ProjectSchema },
    ]),
  ],
  controllers: [CoursesController],
  providers: [CoursesService, CoursesReadModel],
  exports: [CoursesService, CoursesReadModel, MongooseModule],
})
export class CoursesModule {}
