import { CONTENT_PATTERNS, type RouteCall, ROUTES, type Tutorial } from '@dblearn/contracts';
import { type CreateTutorialDto, IdDto, type UpdateTutorialDto } from '@dblearn/contracts/dto';
import { RouteHandler } from '@dblearn/nest-common';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { TutorialsService } from './tutorials.service.js';

/** svc-content's tutorial read, and the admin's tutorial writes the gateway forwards (decision 0051). */
@Controller()
export class TutorialsController {
  constructor(private readonly tutorials: TutorialsService) {}

  @MessagePattern(CONTENT_PATTERNS.findTutorial)
  find(@Payload() { id }: IdDto): Promise<Tutorial> {
    return this.tutorials.find(id);
  }

  @RouteHandler(ROUTES.tutorials.create)
  create(@Payload() { body }: RouteCall<CreateTutorialDto>): Promise<Tutorial> {
    return this.tutorials.create(body);
  }

  @RouteHandler(ROUTES.tutorials.update)
  update(@Payload() { params, body }: RouteCall<UpdateTutorialDto, 'id'>): Promise<Tutorial> {
    return this.tutorials.update(params.id, body);
  }

  @RouteHandler(ROUTES.tutorials.removeBlock)
  removeBlock(@Payload() { params, body }: RouteCall<IdDto, 'tutorialId'>): Promise<Tutorial> {
    return this.tutorials.removeBlock(params.tutorialId, body.id);
  }

  @RouteHandler(ROUTES.tutorials.delete)
  delete(@Payload() { params }: RouteCall<null, 'id'>): Promise<Tutorial> {
    return this.tutorials.delete(params.id);
  }
}
