import { CONTENT_PATTERNS, type Course, type Sandbox } from '@dblearn/contracts';
import { IdDto, SandboxDto, type WithPathId } from '@dblearn/contracts/dto';
import { PathIdAndBody } from '@dblearn/nest-common';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { SandboxesService } from './sandboxes.service.js';

@Controller()
export class SandboxesController {
  constructor(private readonly sandboxes: SandboxesService) {}

  @MessagePattern(CONTENT_PATTERNS.putSandbox)
  put(@Payload(PathIdAndBody(SandboxDto, 'courseId')) { id, body: { kind, source, hiddenSource } }: WithPathId<SandboxDto>): Promise<Course> {
    return this.sandboxes.put(id, { kind, source, hiddenSource: hiddenSource ?? null });
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
