import { Module } from '@nestjs/common';
import { StorageModule } from '@dblearn/nest-common';
import { ItemCache } from '../item-cache/item-cache.js';
import { ItemCacheModule } from '../item-cache/item-cache.module.js';
import { ProjectRecord, ProjectSchema } from '../common/project.schema.js';
import { TutorialRecord, TutorialSchema } from '../common/tutorial.schema.js';
import { CourseRecord, CourseSchema } from './course.schema.js';
import { CoursesController } from './courses.controller.js';
import { CoursesReadModel } from './courses.read-model.js';
import { CoursesService } from './courses.service.js';

// Each with ItemCache's plugin: a write of one of these drops its cached answer.
const contentStorage = StorageModule.forFeatureAsync([
  { name: CourseRecord.name, imports: [ItemCacheModule], inject: [ItemCache], useFactory: (cache: ItemCache) => cache.schemaFor('course', CourseSchema) },
  { name: TutorialRecord.name, imports: [ItemCacheModule], inject: [ItemCache], useFactory: (cache: ItemCache) => cache.schemaFor('tutorial', TutorialSchema) },
  { name: ProjectRecord.name, imports: [ItemCacheModule], inject: [ItemCache], useFactory: (cache: ItemCache) => cache.schemaFor('project', ProjectSchema) },
]);

/** Courses own the membership of tutorials and projects, so this module sees all three collections. */
@Module({
  imports: [contentStorage, ItemCacheModule],
  controllers: [CoursesController],
  providers: [CoursesService, CoursesReadModel],
  exports: [CoursesService, CoursesReadModel, contentStorage, ItemCacheModule],
})
export class CoursesModule {}
