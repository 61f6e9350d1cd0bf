import { type TokenClaims, type UserProfile } from '@dblearn/contracts';
import { ForbiddenException, Injectable } from '@nestjs/common';
import { AccountRoles } from '../auth/account-roles.js';
import { type ProgressPattern, UsersClient } from '../services/users.client.js';
import { toUserProfile } from '../users/user-views.js';

export const OWN_PROGRESS_ONLY_MESSAGE = 'You can only change your own progress.';

/** Finishing projects, saving questions, reading tutorials: for oneself, or for anyone as an admin. */
@Injectable()
export class ProgressService {
  constructor(
    private readonly users: UsersClient,
    private readonly roles: AccountRoles,
  ) {}

  async change(caller: TokenClaims, pattern: ProgressPattern, userId: string, id: string): Promise<UserProfile> {
    if (caller._id !== userId && !(await this.roles.has(caller, 'admin'))) throw new ForbiddenException(OWN_PROGRESS_ONLY_MESSAGE);
    return toUserProfile(await this.users.changeProgress(pattern, { userId, id }));
  }
}
