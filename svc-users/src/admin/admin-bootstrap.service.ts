import { type DocumentStore, InjectStore, isDuplicateKeyError } from '@dblearn/nest-common';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type Model, Types } from 'mongoose';
import { PasswordHasher } from '../auth/password-hasher.js';
import { type AdminCredentials, USERS_CONFIG, type UsersConfig } from '../config/users-config.js';
import { normalizeEmail } from '../users/email.js';
import { DisplayNames } from '../users/display-names.js';
import { EmailDirectory } from '../users/email-directory.js';
import { ProfileCache } from '../users/profile-cache.js';
import { registration } from '../users/registration.js';
import { User } from '../users/users.schema.js';
import { adminChange } from './admin-grants.js';

export type AdminBootstrapOutcome = 'created' | 'promoted' | 'password-updated' | 'unchanged';

interface ExistingAccount {
  _id: Types.ObjectId;
  isAdmin: boolean;
  passwordHash: string;
}

/**
 * At start, makes the ADMIN_EMAIL account an admin with ADMIN_PASSWORD: creates it (skill
 * professional) or promotes the existing user and sets that password. Running it again changes
 * nothing. The password is never logged.
 */
@Injectable()
export class AdminBootstrap implements OnApplicationBootstrap {
  private readonly logger = new Logger('AdminBootstrap');

  constructor(
    @Inject(USERS_CONFIG) private readonly config: Pick<UsersConfig, 'admin'>,
    @InjectModel(User.name) private readonly users: Model<User>,
    @InjectStore(User.name) private readonly store: DocumentStore<User>,
    private readonly hasher: PasswordHasher,
    private readonly profiles: ProfileCache,
    private readonly directory: EmailDirectory,
    private readonly names: DisplayNames,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.admin) return;
    const outcome = await this.ensureAdmin(this.config.admin);
    const email = normalizeEmail(this.config.admin.email);
    const said: Record<AdminBootstrapOutcome, string> = {
      created: `Admin ${email} created.`,
      promoted: `Existing user ${email} promoted to admin; its password is now ADMIN_PASSWORD.`,
      'password-updated': `Admin ${email}: password set to ADMIN_PASSWORD.`,
      unchanged: `Admin ${email} is ready.`,
    };
    this.logger.log(said[outcome]);
  }

  async ensureAdmin({ email: rawEmail, password }: AdminCredentials): Promise<AdminBootstrapOutcome> {
    const email = normalizeEmail(rawEmail);
    const existing = await this.findAccount(email);
    if (existing) return this.promote(email, existing, password);
    try {
      const _id = new Types.ObjectId();
      const displayName = await this.names.claimGenerated(_id.toHexString());
      const { doc, event } = registration({ _id, email, displayName, passwordHash: await this.hasher.hash(password), skill: 'professional', isAdmin: true });
      const userId = doc._id.toHexString();
      // The gateway's admin roster hears of the new admin like of any other grant.
      await this.store.create(doc, [event, adminChange(userId, true)]);
      this.directory.add(email, userId);
      this.directory.setAdmin(userId, true);
      return 'created';
    } catch (error) {
      // Another instance created it a moment ago: make sure theirs is right instead.
      if (!isDuplicateKeyError(error)) throw error;
      const raced = await this.findAccount(email);
      if (!raced) throw error;
      return this.promote(email, raced, password);
    }
  }

  private findAccount(email: string): Promise<ExistingAccount | null> {
    return this.users.findOne({ email }, { isAdmin: 1, passwordHash: 1 }).lean<ExistingAccount>().exec();
  }

  private async promote(email: string, account: ExistingAccount, password: string): Promise<AdminBootstrapOutcome> {
    // Found in the database: this instance's directory knows it now, whatever its load saw.
    this.directory.add(email, account._id.toHexString());
    if (account.isAdmin) this.directory.setAdmin(account._id.toHexString(), true);
    const passwordIsCurrent = (await this.hasher.verify(password, account.passwordHash)) && !this.hasher.needsUpgrade(account.passwordHash);
    if (account.isAdmin && passwordIsCurrent) return 'unchanged';
    const update: Partial<Pick<User, 'isAdmin' | 'passwordHash'>> = { isAdmin: true };
    if (!passwordIsCurrent) update.passwordHash = await this.hasher.hash(password);
    const userId = account._id.toHexString();
    await this.store.update(account._id, { $set: update }, account.isAdmin ? [] : adminChange(userId, true));
    this.directory.setAdmin(userId, true);
    await this.profiles.changed(userId);
    return account.isAdmin ? 'password-updated' : 'promoted';
  }
}
