import { CONTENT_PATTERNS, QNA_MESSAGES } from '@dblearn/contracts';
import { BadRequestException, HttpException, HttpStatus, Injectable } from '@nestjs/common';
import { ServiceClients } from '../services/service-clients.js';

/**
 * Issue 22: a question's ```sql blocks run on the SQL sandbox of a course the author chose. The
 * gateway checks the choice with svc-content (one synchronous request on a post or an edit that
 * names one) before svc-community stores it: svc-community keeps no copy of the catalogue. A
 * course that is gone, or has no sandbox or a mongo one, is a 400; svc-content away is its 503.
 */
@Injectable()
export class PracticeDatabase {
  constructor(private readonly services: ServiceClients) {}

  async assertSqlSandbox(courseId: string | null | undefined): Promise<void> {
    if (courseId === null || courseId === undefined) return;
    try {
      const sandbox = await this.services.send(CONTENT_PATTERNS.findSandbox, { id: courseId });
      if (sandbox.kind === 'sql') return;
    } catch (error) {
      if (!(error instanceof HttpException && error.getStatus() === Number(HttpStatus.NOT_FOUND))) throw error;
    }
    throw new BadRequestException(QNA_MESSAGES.noSqlSandbox);
  }
}
