import { CONTENT_PATTERNS, type Project, type RouteCall, ROUTES } from '@dblearn/contracts';
import { type CreateProjectDto, IdDto, type UpdateProjectDto } from '@dblearn/contracts/dto';
import { RouteHandler } from '@dblearn/nest-common';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ProjectsService } from './projects.service.js';

/** svc-content's project read, and the admin's project writes the gateway forwards (decision 0051). */
@Controller()
export class ProjectsController {
  constructor(private readonly projects: ProjectsService) {}

  @MessagePattern(CONTENT_PATTERNS.findProject)
  find(@Payload() { id }: IdDto): Promise<Project> {
    return this.projects.find(id);
  }

  @RouteHandler(ROUTES.projects.create)
  create(@Payload() { body }: RouteCall<CreateProjectDto>): Promise<Project> {
    return this.projects.create(body);
  }

  @RouteHandler(ROUTES.projects.update)
  update(@Payload() { params, body }: RouteCall<UpdateProjectDto, 'id'>): Promise<Project> {
    return this.projects.update(params.id, body);
  }

  @RouteHandler(ROUTES.projects.removeBlock)
  removeBlock(@Payload() { params, body }: RouteCall<IdDto, 'projectId'>): Promise<Project> {
    return this.projects.removeBlock(params.projectId, body.id);
  }

  @RouteHandler(ROUTES.projects.delete)
  delete(@Payload() { params }: RouteCall<null, 'id'>): Promise<Project> {
    return this.projects.delete(params.id);
  }
}
