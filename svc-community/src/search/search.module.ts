import { Module } from '@nestjs/common';
import { QuestionsModule } from '../questions/questions.module.js';
import { QuestionSearch } from './question-search.js';
import { SearchController } from './search.controller.js';

@Module({
  imports: [QuestionsModule],
  controllers: [SearchController],
  providers: [QuestionSearch],
})
export class SearchModule {}
