import { Module } from '@nestjs/common';
import { StorageModule } from '@dblearn/nest-common';
import { CoursesModule } from '../courses/courses.module.js';
import { PracticeCatalogue } from './practice-catalogue.js';
import { PracticeController } from './practice.controller.js';
import { PracticeLearners } from './practice-learners.js';
import { PracticeCountRecord, PracticeCountSchema, PracticeLearnerRecord, PracticeLearnerSchema } from './practice.schemas.js';
import { PracticeService } from './practice.service.js';

/** The practice list (issue 34): exercises, counts and learners' statuses as read models kept by events. */
@Module({
  imports: [
    CoursesModule,
    StorageModule.forFeature([
      { name: PracticeLearnerRecord.name, schema: PracticeLearnerSchema },
      { name: PracticeCountRecord.name, schema: PracticeCountSchema },
    ]),
  ],
  controllers: [PracticeController],
  providers: [PracticeCatalogue, PracticeLearners, PracticeService],
})
export class PracticeModule {}
