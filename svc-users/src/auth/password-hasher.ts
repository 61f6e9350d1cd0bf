import { randomBytes } from 'node:crypto';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { USERS_CONFIG, type UsersConfig } from '../config/users-config.js';
import { HashGate, type HashKeys } from './hash-gate.js';
import { hashNeedsUpgrade, hashPassword, SALT_BYTES, verifyPassword } from '../common/password-hash.js';

/** Password hashing at the configured cost (PASSWORD_HASH_COST), at most MAX_CONCURRENT_HASHES at once. */
@Injectable()
export class PasswordHasher implements OnModuleInit {
  private readonly cost: number;
  private readonly gate: HashGate;
  private decoy = '';

  constructor(@Inject(USERS_CONFIG) config: Pick<UsersConfig, 'passwordHashCost' | 'maxConcurrentHashes'>) {
    this.cost = config.passwordHashCost;
    this.gate = new HashGate(config.maxConcurrentHashes);
  }

  async onModuleInit(): Promise<void> {
    // Made once at start so that the first unknown e-mail costs no more than later ones.
    this.decoy = await hashPassword(randomBytes(SALT_BYTES).toString('base64'), this.cost);
  }

  /** `keys`: whose hash this is (see HashGate), so that one client gets only its fair share. */
  hash(password: string, keys: HashKeys = []): Promise<string> {
    return this.gate.run(keys, () => hashPassword(password, this.cost));
  }

  verify(password: string, stored: string, keys: HashKeys = []): Promise<boolean> {
    return this.gate.run(keys, () => verifyPassword(password, stored));
  }

  /** Spends the time of a real check, so an unknown e-mail answers as slowly as a wrong password. */
  async verifyDecoy(password: string, keys: HashKeys = []): Promise<false> {
    if (!this.decoy) await this.onModuleInit();
    await this.verify(password, this.decoy, keys);
    return false;
  }

  needsUpgrade(stored: string): boolean {
    return hashNeedsUpgrade(stored, this.cost);
  }
}
