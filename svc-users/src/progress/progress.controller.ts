import { type UserProfile, USERS_PATTERNS } from '@dblearn/contracts';
import { UserItemDto } from '@dblearn/contracts/dto';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ProgressService } from './progress.service.js';

/** The progress calls. Who may call them for which user is the gateway's check (self or admin). */
@Controller()
export class ProgressController {
  constructor(private readonly progress: ProgressService) {}

  @MessagePattern(USERS_PATTERNS.finishProject)
  finishProject(@Payload() request: UserItemDto): Promise<UserProfile> {
    return this.progress.add(request, 'project');
  }

  @MessagePattern(USERS_PATTERNS.unfinishProject)
  unfinishProject(@Payload() request: UserItemDto): Promise<UserProfile> {
    return this.progress.remove(request, 'project');
  }

  @MessagePattern(USERS_PATTERNS.saveQuestion)
  saveQuestion(@Payload() request: UserItemDto): Promise<UserProfile> {
    return this.progress.add(request, 'question');
  }

  @MessagePattern(USERS_PATTERNS.unsaveQuestion)
  unsaveQuestion(@Payload() request: UserItemDto): Promise<UserProfile> {
    return this.progress.remove(request, 'question');
  }

  @MessagePattern(USERS_PATTERNS.readTutorial)
  readTutorial(@Payload() request: UserItemDto): Promise<UserProfile> {
    return this.progress.add(request, 'tutorial');
  }
}
