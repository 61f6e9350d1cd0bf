import { COMMUNITY_PATTERNS, type ServiceSearch } from '@dblearn/contracts';
import { SearchRequestDto } from '@dblearn/contracts/dto';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { QuestionSearch } from './question-search.js';

@Controller()
export class SearchController {
  constructor(private readonly questions: QuestionSearch) {}

  @MessagePattern(COMMUNITY_PATTERNS.search)
  search(@Payload() request: SearchRequestDto): ServiceSearch {
    return this.questions.search(request);
  }
}
