import type { TokenClaims } from '@dblearn/contracts';
import { Injectable } from '@nestjs/common';
import { AdminRoster } from './admin-roster.js';
import type { Role } from './roles.js';

/** How long an admin call waits for an unsure roster before its 503. */
const SETTLE_WAIT_MS = 1_000;

/**
 * Roles come from the account, not only from the token (issue 6): a token claiming admin is
 * confirmed against the admin roster this gateway keeps from svc-users' events (issue 20), so no
 * request asks svc-users and a revoke takes effect within a second; while the roster cannot be sure
 * the check answers 503. A token without the claim is not asked about: granting admin takes a new sign-in.
 */
@Injectable()
export class AccountRoles {
  constructor(private readonly roster: AdminRoster) {}

  async has(caller: TokenClaims, role: Role): Promise<boolean> {
    switch (role) {
      case 'admin':
        if (caller.isAdmin !== true) return false;
        // Just started or reconnecting: a load is usually a moment away.
        await this.roster.settled(SETTLE_WAIT_MS);
        return this.roster.isAdmin(caller._id);
    }
  }
}
