import { Module } from '@nestjs/common';
import { EventsConnection, KeptRegistry, RequestConnection, StorageModule } from '@dblearn/nest-common';
import { AuthorsModule } from '../authors/authors.module.js';
import { LegacyAuthors } from './legacy-authors.js';
import { DemoQuestionsSeeder } from './demo-questions.seeder.js';
import { QuestionCache } from './question-cache.js';
import { QuestionList } from './question-list.js';
import { QuestionsController } from './questions.controller.js';
import { QuestionsService } from './questions.service.js';
import { Question, QuestionSchema } from './questions.schema.js';

@Module({
  imports: [StorageModule.forFeature([{ name: Question.name, schema: QuestionSchema }]), AuthorsModule],
  controllers: [QuestionsController],
  providers: [
    QuestionsService,
    QuestionList,
    DemoQuestionsSeeder,
    LegacyAuthors,
    // One per instance, shared by the service (its writes) and the list (every instance's events).
    {
      provide: QuestionCache,
      useFactory: (requests: RequestConnection, events: EventsConnection, kept: KeptRegistry) => new QuestionCache({ requests, events, kept }),
      inject: [RequestConnection, EventsConnection, KeptRegistry],
    },
  ],
  // The search index mirrors the list (issue 22).
  exports: [QuestionList],
})
export class QuestionsModule {}
