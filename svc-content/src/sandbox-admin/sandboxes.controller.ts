import { CONTENT_PATTERNS, type Course, type Sandbox } from '@dblearn/contracts';
import { IdDto, SandboxDto, type WithPathId } from '@dblearn/contracts/dto';
import { PathIdAndBody } from '@dblearn/nest-common';
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
  @MessagePattern(CONTENT_PATTERNS.putSandbox)
  put(@Payload(PathIdAndBody(SandboxDto, 'courseId')) { id, body: { kind, source, hiddenSource } }: WithPathId<SandboxDto>): Promise<Course> {
    return this.sandboxes.put(id, { kind, source, hiddenSource: hiddenSource ?? null }, async (sandbox) => {
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
