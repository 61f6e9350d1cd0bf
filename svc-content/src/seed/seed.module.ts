import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { CoursesModule } from '../courses/courses.module.js';
import { InterviewModule } from '../interview/interview.module.js';
import { ProjectsModule } from '../projects/projects.module.js';
import { TransferModule } from '../transfer/transfer.module.js';
import { TutorialsModule } from '../tutorials/tutorials.module.js';
import { ContentSync } from './content-sync.service.js';
import { ShippedContentRecord, ShippedContentSchema } from './shipped-content.schema.js';

@Module({
  imports: [CoursesModule, TutorialsModule, ProjectsModule, InterviewModule, TransferModule, MongooseModule.forFeature([{ name: ShippedContentRecord.name, schema: ShippedContentSchema }])],
  providers: [ContentSync],
  exports: [ContentSync],
})
export class SeedModule {}
