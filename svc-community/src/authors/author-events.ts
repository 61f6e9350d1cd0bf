import { type AccountRemovedEvent, EVENT_SUBJECTS, type UserRegisteredEvent, type UserRenamedEvent } from '@dblearn/contracts';
import { EventHandler } from '@dblearn/nest-common';
import { Injectable } from '@nestjs/common';
import { AuthorNames } from './author-names.js';

/**
 * svc-users' account events on svc-community's durable consumer: whatever happened while this
 * service was down is applied once it is back. Each handler is idempotent (newest `occurredAt` wins).
 */
@Injectable()
export class AuthorEvents {
  constructor(private readonly names: AuthorNames) {}

  @EventHandler(EVENT_SUBJECTS.userRegistered)
  async registered(event: UserRegisteredEvent): Promise<void> {
    if (event.displayName) await this.names.named(event.entityId, event.displayName, new Date(event.occurredAt));
  }

  @EventHandler(EVENT_SUBJECTS.userRenamed)
  renamed(event: UserRenamedEvent): Promise<void> {
    return this.names.named(event.entityId, event.displayName, new Date(event.occurredAt));
  }

  @EventHandler(EVENT_SUBJECTS.accountRemoved)
  removed(event: AccountRemovedEvent): Promise<void> {
    return this.names.deleted(event.entityId, new Date(event.occurredAt));
  }
}
