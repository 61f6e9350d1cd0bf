import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { CONTENT_CONFIG, type ContentConfig } from '../config/content-config.js';
import { CourseRecord } from '../courses/course.schema.js';
import { InterviewQuestionRecord } from '../interview/interview-question.schema.js';
import { ImportService } from '../transfer/import.service.js';
import { demoCourses, demoId } from './demo-curriculum.js';
import { DEMO_INTERVIEW_QUESTIONS } from './interview-questions.js';

/**
 * SEED_DEMO (CONTRACT "Running it"): an empty content database gets the demo curriculum and the
 * demo interview bank, through the import, so the demo obeys every rule real content does. The ids
 * are stable: instances starting together write the same documents.
 */
@Injectable()
export class SeedService implements OnApplicationBootstrap {
  private readonly logger = new Logger(SeedService.name);

  constructor(
    @Inject(CONTENT_CONFIG) private readonly config: ContentConfig,
    @InjectModel(CourseRecord.name) private readonly courses: Model<CourseRecord>,
    @InjectModel(InterviewQuestionRecord.name) private readonly questions: Model<InterviewQuestionRecord>,
    private readonly importer: ImportService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.seedDemo) return;
    // One document asked for, not a count: FerretDB counts by reading every document.
    const courses = (await this.courses.exists({})) ? [] : demoCourses();
    const interviewQuestions = (await this.questions.exists({}))
      ? []
      : DEMO_INTERVIEW_QUESTIONS.map((question, index) => ({ _id: demoId(index, `interview:${index}`), ...question }));
    if (courses.length === 0 && interviewQuestions.length === 0) return;
    const report = await this.importer.importSlice({ courses, interviewQuestions, courseOffset: 0, interviewOffset: 0 });
    this.logger.log(`Demo content loaded: ${courses.length} course(s), ${interviewQuestions.length} interview question(s).`);
    for (const { path, message } of report.rejected) this.logger.error(`Demo content refused at ${path}: ${message}`);
  }
}
