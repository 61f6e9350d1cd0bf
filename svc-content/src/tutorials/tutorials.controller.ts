import { CONTENT_PATTERNS, type Tutorial } from '@dblearn/contracts';
import { CreateTutorialDto, IdDto, RemoveBlockRequestDto, UpdateTutorialRequestDto } from '@dblearn/contracts/dto';
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
  update(@Payload() { id, ...fields }: UpdateTutorialRequestDto): Promise<Tutorial> {
    return this.tutorials.update(id, fields);
  }

  @MessagePattern(CONTENT_PATTERNS.removeTutorialBlock)
  removeBlock(@Payload() { id, blockId }: RemoveBlockRequestDto): Promise<Tutorial> {
    return this.tutorials.removeBlock(id, blockId);
  }

  @MessagePattern(CONTENT_PATTERNS.deleteTutorial)
  delete(@Payload() { id }: IdDto): Promise<Tutorial> {
    return this.tutorials.delete(id);
  }
}
