import { CONTENT_PATTERNS, type SandboxRun } from '@dblearn/contracts';
import { SandboxRunMessageDto, type WithPathId } from '@dblearn/contracts/dto';
import { PathIdAndBody } from '@dblearn/nest-common';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { PostgresLabService } from './postgres-lab.service.js';

@Controller()
export class PostgresLabController {
  constructor(private readonly lab: PostgresLabService) {}

  @MessagePattern(CONTENT_PATTERNS.runSandbox)
  run(@Payload(PathIdAndBody(SandboxRunMessageDto, 'courseId')) { id, body }: WithPathId<SandboxRunMessageDto>): Promise<SandboxRun> {
    return this.lab.run(id, body);
  }
}
