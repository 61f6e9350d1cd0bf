import { CONTENT_PATTERNS, type Project } from '@dblearn/contracts';
import { CreateProjectDto, IdDto, UpdateProjectDto, type WithPathId } from '@dblearn/contracts/dto';
import { PathIdAndBody } from '@dblearn/nest-common';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ProjectsService } from './projects.service.js';

@Controller()
export class ProjectsController {
  constructor(private readonly projects: ProjectsService) {}

  @MessagePattern(CONTENT_PATTERNS.findProject)
  find(@Payload() { id }: IdDto): Promise<Project> {
    return this.projects.find(id);
  }

  @MessagePattern(CONTENT_PATTERNS.createProject)
  create(@Payload() fields: CreateProjectDto): Promise<Project> {
    return this.projects.create(fields);
  }

  @MessagePattern(CONTENT_PATTERNS.updateProject)
  update(@Payload(PathIdAndBody(UpdateProjectDto)) { id, body }: WithPathId<UpdateProjectDto>): Promise<Project> {
    return this.projects.update(id, body);
  }

  @MessagePattern(CONTENT_PATTERNS.removeProjectBlock)
  removeBlock(@Payload(PathIdAndBody(IdDto)) { id, body }: WithPathId<IdDto>): Promise<Project> {
    return this.projects.removeBlock(id, body.id);
  }

  @MessagePattern(CONTENT_PATTERNS.deleteProject)
  delete(@Payload() { id }: IdDto): Promise<Project> {
    return this.projects.delete(id);
  }
}
