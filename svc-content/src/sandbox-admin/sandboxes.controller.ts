import { CONTENT_PATTERNS, type Course, type RouteCall, ROUTES, type Sandbox } from '@dblearn/contracts';
import { IdDto, type SandboxDto } from '@dblearn/contracts/dto';
import { RouteHandler } from '@dblearn/nest-common';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { PostgresGradingService } from '../postgres-lab/postgres-grading.service.js';
import { SandboxesService } from '../sandboxes/sandboxes.service.js';

@Controller()
export class SandboxesController {
  constructor(
    private readonly sandboxes: SandboxesService,
    private readonly postgres: PostgresGradingService,
  ) {}

  /** Saved once it loads on SQLite, and on PostgreSQL too when the lab is reachable (issue 32). */
  @RouteHandler(ROUTES.courses.putSandbox)
  put(@Payload() { params, body: { kind, source, hiddenSource } }: RouteCall<SandboxDto, 'courseId'>): Promise<Course> {
    return this.sandboxes.put(params.courseId, { kind, source, hiddenSource: hiddenSource ?? null }, async (sandbox) => {
      const verdict = await this.postgres.sandboxVerdict(sandbox);
      return verdict.checked ? verdict.refusal : null;
    });
  }

  @MessagePattern(CONTENT_PATTERNS.findSandbox)
  find(@Payload() { id }: IdDto): Promise<Sandbox> {
    return this.sandboxes.find(id);
  }

  @MessagePattern(CONTENT_PATTERNS.findSandboxWithHidden)
  findWithHidden(@Payload() { id }: IdDto): Promise<Sandbox> {
    return this.sandboxes.find(id, true);
  }
}
