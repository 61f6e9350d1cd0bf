import { CONTENT_PATTERNS, type ContentReplies } from '@dblearn/contracts';
import { Injectable } from '@nestjs/common';
import { type ServiceClient } from './service-client.js';
import { ServiceClients } from './service-clients.js';

export type ContentPattern = Exclude<(typeof CONTENT_PATTERNS)[keyof typeof CONTENT_PATTERNS], typeof CONTENT_PATTERNS.health>;

/** svc-content's request-reply calls, typed from the contracts. Failures arrive as HttpExceptions. */
@Injectable()
export class ContentClient {
  private readonly client: ServiceClient;

  constructor(clients: ServiceClients) {
    this.client = clients.get('content');
  }

  /** `timeoutMs` only for the long calls (import and export slices); the rest keep the gateway's bound. */
  send<P extends ContentPattern>(pattern: P, payload: object, timeoutMs?: number): Promise<ContentReplies[P]> {
    return this.client.send<ContentReplies[P]>(pattern, payload, timeoutMs);
  }
}
