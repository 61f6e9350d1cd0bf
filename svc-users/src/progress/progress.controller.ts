import { type UserProfile, USERS_PATTERNS } from '@dblearn/contracts';
import { IdDto, type WithPathId } from '@dblearn/contracts/dto';
import { PathIdAndBody } from '@dblearn/nest-common';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ProgressService } from './progress.service.js';

/** Every progress call: the user from the path, beside the item `{ id }` it names. */
const UserAndItem = PathIdAndBody(IdDto, 'userId');

/** The progress calls. Who may call them for which user is the gateway's check (self or admin). */
@Controller()
export class ProgressController {
  constructor(private readonly progress: ProgressService) {}

  @MessagePattern(USERS_PATTERNS.finishProject)
  finishProject(@Payload(UserAndItem) { id, body }: WithPathId<IdDto>): Promise<UserProfile> {
    return this.progress.add(id, body.id, 'project');
  }

  @MessagePattern(USERS_PATTERNS.unfinishProject)
  unfinishProject(@Payload(UserAndItem) { id, body }: WithPathId<IdDto>): Promise<UserProfile> {
    return this.progress.remove(id, body.id, 'project');
  }

  @MessagePattern(USERS_PATTERNS.saveQuestion)
  saveQuestion(@Payload(UserAndItem) { id, body }: WithPathId<IdDto>): Promise<UserProfile> {
    return this.progress.add(id, body.id, 'question');
  }

  @MessagePattern(USERS_PATTERNS.unsaveQuestion)
  unsaveQuestion(@Payload(UserAndItem) { id, body }: WithPathId<IdDto>): Promise<UserProfile> {
    return this.progress.remove(id, body.id, 'question');
  }

  @MessagePattern(USERS_PATTERNS.readTutorial)
  readTutorial(@Payload(UserAndItem) { id, body }: WithPathId<IdDto>): Promise<UserProfile> {
    return this.progress.add(id, body.id, 'tutorial');
  }
}
