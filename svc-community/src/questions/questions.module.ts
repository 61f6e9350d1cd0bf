import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { DemoQuestionsSeeder } from '../demo/demo-questions.seeder.js';
import { QuestionEventRelay } from './question-events.js';
import { QuestionListSnapshots } from './question-list-snapshot.js';
import { QuestionListSync } from './question-list-sync.js';
import { QuestionWriteLock } from './question-write-lock.js';
import { QuestionsController } from './questions.controller.js';
import { QuestionsService } from './questions.service.js';
import { Question, QuestionSchema } from './questions.schema.js';

@Module({
  imports: [MongooseModule.forFeature([{ name: Question.name, schema: QuestionSchema }])],
  controllers: [QuestionsController],
  providers: [QuestionsService, QuestionEventRelay, QuestionWriteLock, QuestionListSnapshots, QuestionListSync, DemoQuestionsSeeder],
})
export class QuestionsModule {}
