import { Module } from '@nestjs/common';
import { CheckAnalysisController } from './check-analysis.controller.js';
import { ContentTransferController } from './content-transfer.controller.js';
import { ContentTransferService } from './content-transfer.service.js';
import { CoursesController } from './courses.controller.js';
import { InterviewController } from './interview.controller.js';
import { ItemAnswers } from './item-answers.js';
import { PracticeController } from './practice.controller.js';
import { ProjectsController } from './projects.controller.js';
import { TutorialsController } from './tutorials.controller.js';

/** CONTRACT "Courses, tutorials, projects, interview questions" and "Content export and import": svc-content's calls. */
@Module({
  controllers: [CoursesController, TutorialsController, ProjectsController, InterviewController, PracticeController, ContentTransferController, CheckAnalysisController],
  providers: [ContentTransferService, ItemAnswers],
})
export class ContentModule {}
