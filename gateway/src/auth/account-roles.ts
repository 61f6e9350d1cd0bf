import { type TokenClaims, USERS_PATTERNS } from '@dblearn/contracts';
import { HttpException, HttpStatus, Injectable } from '@nestjs/common';
import { ServiceClients } from '../services/service-clients.js';
import type { Role } from './roles.js';

/**
 * Roles come from the account, not only from the token (issue 6): a token claiming admin is
 * confirmed with svc-users, whose profile cache keeps this cheap; an admin revoked with the
 * grant-admin command loses admin-only calls within that cache time (30 s by default). A token
 * without the claim is not asked about: granting admin takes a new sign-in.
 */
@Injectable()
export class AccountRoles {
  constructor(private readonly services: ServiceClients) {}

  async has(caller: TokenClaims, role: Role): Promise<boolean> {
    switch (role) {
      case 'admin':
        return caller.isAdmin === true && (await this.accountIsAdmin(caller._id));
    }
  }

  private async accountIsAdmin(userId: string): Promise<boolean> {
    try {
      return (await this.services.send(USERS_PATTERNS.findProfile, { userId })).isAdmin === true;
    } catch (error) {
      if (error instanceof HttpException && error.getStatus() === HttpStatus.NOT_FOUND) return false;
      throw error;
    }
  }
}
