import { CONTENT_PATTERNS, type Tutorial } from '@dblearn/contracts';
import { CreateTutorialDto, IdDto, UpdateTutorialDto, type WithPathId } from '@dblearn/contracts/dto';
import { PathIdAndBody } from '@dblearn/nest-common';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { TutorialsService } from './tutorials.service.js';

@Controller()
export class TutorialsController {
  constructor(private readonly tutorials: TutorialsService) {}

  @MessagePattern(CONTENT_PATTERNS.findTutorial)
  find(@Payload() { id }: IdDto): Promise<Tutorial> {
    return this.tutorials.find(id);
  }

  @MessagePattern(CONTENT_PATTERNS.createTutorial)
  create(@Payload() fields: CreateTutorialDto): Promise<Tutorial> {
    return this.tutorials.create(fields);
  }

  @MessagePattern(CONTENT_PATTERNS.updateTutorial)
  update(@Payload(PathIdAndBody(UpdateTutorialDto)) { id, body }: WithPathId<UpdateTutorialDto>): Promise<Tutorial> {
    return this.tutorials.update(id, body);
  }

  @MessagePattern(CONTENT_PATTERNS.removeTutorialBlock)
  removeBlock(@Payload(PathIdAndBody(IdDto)) { id, body }: WithPathId<IdDto>): Promise<Tutorial> {
    return this.tutorials.removeBlock(id, body.id);
  }

  @MessagePattern(CONTENT_PATTERNS.deleteTutorial)
  delete(@Payload() { id }: IdDto): Promise<Tutorial> {
    return this.tutorials.delete(id);
  }
}
