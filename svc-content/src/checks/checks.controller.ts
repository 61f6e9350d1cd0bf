import { type AttemptResult, type CheckPasses, type CheckSolution, type ChecksLeft, CONTENT_PATTERNS, type Project, type RouteCall, ROUTES, type StoredChecks } from '@dblearn/contracts';
import {
  AttemptMessageDto,
  type CheckDto,
  CheckSolutionRequestDto,
  ChecksLeftRequestDto,
  type IdDto,
  type UpdateCheckDto,
  type WithPathId,
} from '@dblearn/contracts/dto';
import { PathIdAndBody, RouteHandler } from '@dblearn/nest-common';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ChecksService } from './checks.service.js';

@Controller()
export class ChecksController {
  constructor(private readonly checks: ChecksService) {}

  @RouteHandler(ROUTES.projects.addCheck)
  add(@Payload() { params, body }: RouteCall<CheckDto, 'projectId'>): Promise<Project> {
    return this.checks.add(params.projectId, body);
  }

  @RouteHandler(ROUTES.projects.updateCheck)
  update(@Payload() { params, body }: RouteCall<UpdateCheckDto, 'projectId'>): Promise<Project> {
    return this.checks.update(params.projectId, body);
  }

  @RouteHandler(ROUTES.projects.deleteCheck)
  delete(@Payload() { params, body }: RouteCall<IdDto, 'projectId'>): Promise<Project> {
    return this.checks.delete(params.projectId, body.id);
  }

  @MessagePattern(CONTENT_PATTERNS.attempt)
  attempt(@Payload(PathIdAndBody(AttemptMessageDto, 'projectId')) { id, body }: WithPathId<AttemptMessageDto>): Promise<AttemptResult> {
    return this.checks.attempt(id, body);
  }

  @MessagePattern(CONTENT_PATTERNS.checkSolution)
  solution(@Payload() request: CheckSolutionRequestDto): Promise<CheckSolution> {
    return this.checks.solution(request);
  }

  @MessagePattern(CONTENT_PATTERNS.checksLeft)
  left(@Payload() request: ChecksLeftRequestDto): Promise<ChecksLeft> {
    return this.checks.left(request);
  }

  @MessagePattern(CONTENT_PATTERNS.checkPasses)
  passes(@Payload() request: ChecksLeftRequestDto): Promise<CheckPasses> {
    return this.checks.passedOf(request);
  }

  @RouteHandler(ROUTES.projects.storedChecks)
  stored(@Payload() { params }: RouteCall<null, 'projectId'>): Promise<StoredChecks> {
    return this.checks.stored(params.projectId);
  }
}
