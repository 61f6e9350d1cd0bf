import { CONTENT_PATTERNS, type ListPage, type PracticeExercise, type PracticeNext, type PracticeSolved } from '@dblearn/contracts';
import { PracticeListRequestDto, PracticeNextRequestDto, PracticeSolvedRequestDto } from '@dblearn/contracts/dto';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { PracticeService } from './practice.service.js';

@Controller()
export class PracticeController {
  constructor(private readonly practice: PracticeService) {}

  @MessagePattern(CONTENT_PATTERNS.listPractice)
  list(@Payload() request: PracticeListRequestDto): Promise<ListPage<PracticeExercise>> {
    return this.practice.list(request);
  }

  @MessagePattern(CONTENT_PATTERNS.nextPractice)
  next(@Payload() request: PracticeNextRequestDto): Promise<PracticeNext> {
    return this.practice.next(request);
  }

  @MessagePattern(CONTENT_PATTERNS.solvedPractice)
  solved(@Payload() request: PracticeSolvedRequestDto): Promise<PracticeSolved> {
    return this.practice.solved(request);
  }
}
