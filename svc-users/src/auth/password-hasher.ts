import { randomBytes } from 'node:crypto';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { USERS_CONFIG, type UsersConfig } from '../config/users-config.js';
import { hashNeedsUpgrade, hashPassword, SALT_BYTES, verifyPassword } from './password-hash.js';

/** Password hashing at the configured cost (PASSWORD_HASH_COST). */
@Injectable()
export class PasswordHasher implements OnModuleInit {
  private readonly cost: number;
  private decoy = '';

  constructor(@Inject(USERS_CONFIG) config: Pick<UsersConfig, 'passwordHashCost'>) {
    this.cost = config.passwordHashCost;
  }

  async onModuleInit(): Promise<void> {
    // Made once at start so that the first unknown e-mail costs no more than later ones.
    this.decoy = await hashPassword(randomBytes(SALT_BYTES).toString('base64'), this.cost);
  }

  hash(password: string): Promise<string> {
    return hashPassword(password, this.cost);
  }

  verify(password: string, stored: string): Promise<boolean> {
    return verifyPassword(password, stored);
  }

  /** Spends the time of a real check, so an unknown e-mail answers as slowly as a wrong password. */
  async verifyDecoy(password: string): Promise<false> {
    if (!this.decoy) await this.onModuleInit();
    await verifyPassword(password, this.decoy);
    return false;
  }

  needsUpgrade(stored: string): boolean {
    return hashNeedsUpgrade(stored, this.cost);
  }
}
