import { IsMongoId } from 'class-validator';
import type { FindProfileRequest } from '../messaging/users.patterns.js';

/**
 * Payloads that only travel gateway → svc-users (no HTTP body has this shape). The gateway fills
 * `userId` from the verified token, and svc-users validates it again because a service never
 * trusts its callers.
 */
export class FindProfileDto implements FindProfileRequest {
  @IsMongoId({ message: 'userId must be a valid id.' })
  userId!: string;
}
