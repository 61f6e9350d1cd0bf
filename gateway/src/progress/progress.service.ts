import { type TokenClaims, type UserProfile, USERS_PATTERNS } from '@dblearn/contracts';
import { ForbiddenException, Injectable } from '@nestjs/common';
import { AccountRoles } from '../auth/account-roles.js';
import { ServiceClients } from '../services/service-clients.js';
import { KeptProfiles } from '../users/kept-profiles.js';
import { toUserProfile } from '../users/user-views.js';

/** The progress calls (finish/unfinish, save/unsave, read): each answers the updated profile. */
export type ProgressPattern =
  | typeof USERS_PATTERNS.finishProject
  | typeof USERS_PATTERNS.unfinishProject
  | typeof USERS_PATTERNS.saveQuestion
  | typeof USERS_PATTERNS.unsaveQuestion
  | typeof USERS_PATTERNS.readTutorial;

export const OWN_PROGRESS_ONLY_MESSAGE = 'You can only change your own progress.';

/** Finishing projects, saving questions, reading tutorials: for oneself, or for anyone as an admin. */
@Injectable()
export class ProgressService {
  constructor(
    private readonly services: ServiceClients,
    private readonly roles: AccountRoles,
    private readonly profiles: KeptProfiles,
  ) {}

  async change(caller: TokenClaims, pattern: ProgressPattern, userId: string, id: string): Promise<UserProfile> {
    if (caller._id !== userId && !(await this.roles.has(caller, 'admin'))) throw new ForbiddenException(OWN_PROGRESS_ONLY_MESSAGE);
    return toUserProfile(await this.profiles.whileWriting(userId, () => this.services.send(pattern, { id: userId, body: { id } })));
  }
}
