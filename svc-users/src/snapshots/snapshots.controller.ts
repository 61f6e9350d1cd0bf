import { type UserProfile, USERS_PATTERNS } from '@dblearn/contracts';
import { UserItemDto } from '@dblearn/contracts/dto';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { SnapshotsService } from './snapshots.service.js';

/** The progress calls. Who may call them for which user is the gateway's check (self or admin). */
@Controller()
export class SnapshotsController {
  constructor(private readonly snapshots: SnapshotsService) {}

  @MessagePattern(USERS_PATTERNS.finishProject)
  finishProject(@Payload() request: UserItemDto): Promise<UserProfile> {
    return this.snapshots.add(request, 'project');
  }

  @MessagePattern(USERS_PATTERNS.unfinishProject)
  unfinishProject(@Payload() request: UserItemDto): Promise<UserProfile> {
    return this.snapshots.remove(request, 'project');
  }

  @MessagePattern(USERS_PATTERNS.saveQuestion)
  saveQuestion(@Payload() request: UserItemDto): Promise<UserProfile> {
    return this.snapshots.add(request, 'question');
  }

  @MessagePattern(USERS_PATTERNS.unsaveQuestion)
  unsaveQuestion(@Payload() request: UserItemDto): Promise<UserProfile> {
    return this.snapshots.remove(request, 'question');
  }

  @MessagePattern(USERS_PATTERNS.readTutorial)
  readTutorial(@Payload() request: UserItemDto): Promise<UserProfile> {
    return this.snapshots.add(request, 'tutorial');
  }
}
