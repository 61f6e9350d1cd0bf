import { IsMongoId } from 'class-validator';
import type { FindProfileRequest, UserItemRequest } from '../messaging/users.patterns.js';
import { idRule } from './id-rule.js';

/**
 * Payloads that travel gateway → svc-users. The gateway fills `userId` from the verified token
 * (/users/me) or the path (/users/project/{userId}, checked there), and svc-users validates it
 * again because a service never trusts its callers.
 */
export class UserIdDto {
  @IsMongoId(idRule('userId'))
  userId!: string;
}

export class FindProfileDto extends UserIdDto implements FindProfileRequest {}

/** users.project.*, users.interview.*, users.tutorial.read: whose list, and which item. */
export class UserItemDto extends UserIdDto implements UserItemRequest {
  @IsMongoId(idRule('id'))
  id!: string;
}
