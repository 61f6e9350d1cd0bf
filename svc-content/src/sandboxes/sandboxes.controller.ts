import { CONTENT_PATTERNS, type Course, type Sandbox } from '@dblearn/contracts';
import { IdDto, PutSandboxRequestDto } from '@dblearn/contracts/dto';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { SandboxesService } from './sandboxes.service.js';

@Controller()
export class SandboxesController {
  constructor(private readonly sandboxes: SandboxesService) {}

  @MessagePattern(CONTENT_PATTERNS.putSandbox)
  put(@Payload() { courseId, kind, source, hiddenSource }: PutSandboxRequestDto): Promise<Course> {
    return this.sandboxes.put(courseId, { kind, source, hiddenSource: hiddenSource ?? null });
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
