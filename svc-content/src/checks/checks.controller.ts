import { type AttemptResult, type ChecksLeft, CONTENT_PATTERNS, type Project } from '@dblearn/contracts';
import { AddCheckRequestDto, AttemptRequestDto, ChecksLeftRequestDto, DeleteCheckRequestDto } from '@dblearn/contracts/dto';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ChecksService } from './checks.service.js';

@Controller()
export class ChecksController {
  constructor(private readonly checks: ChecksService) {}

  @MessagePattern(CONTENT_PATTERNS.addCheck)
  add(@Payload() request: AddCheckRequestDto): Promise<Project> {
    return this.checks.add(request);
  }

  @MessagePattern(CONTENT_PATTERNS.deleteCheck)
  delete(@Payload() request: DeleteCheckRequestDto): Promise<Project> {
    return this.checks.delete(request);
  }

  @MessagePattern(CONTENT_PATTERNS.attempt)
  attempt(@Payload() request: AttemptRequestDto): Promise<AttemptResult> {
    return this.checks.attempt(request);
  }

  @MessagePattern(CONTENT_PATTERNS.checksLeft)
  left(@Payload() request: ChecksLeftRequestDto): Promise<ChecksLeft> {
    return this.checks.left(request);
  }
}
