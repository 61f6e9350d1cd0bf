import { CONTENT_PATTERNS, type ServiceSearch } from '@dblearn/contracts';
import { SearchRequestDto } from '@dblearn/contracts/dto';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ContentSearch } from './content-search.js';

@Controller()
export class SearchController {
  constructor(private readonly content: ContentSearch) {}

  @MessagePattern(CONTENT_PATTERNS.search)
  search(@Payload() request: SearchRequestDto): ServiceSearch {
    return this.content.search(request);
  }
}
