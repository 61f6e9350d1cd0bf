import {
  EMAIL_TAKEN_MESSAGE,
  type FindProfileRequest,
  INVALID_CREDENTIALS_MESSAGE,
  type PublicUser,
  type RegisterRequest,
  type UserProfile,
  type VerifyCredentialsRequest,
} from '@dblearn/contracts';
import { assertBeforeDeadline, badRequest, EventOutbox, isDuplicateKeyError, notFound } from '@dblearn/nest-common';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type Model, Types } from 'mongoose';
import type { HashKeys } from '../auth/hash-gate.js';
import { PasswordHasher } from '../auth/password-hasher.js';
import { EmailDirectory } from './email-directory.js';
import { normalizeEmail } from './email.js';
import { ProfileCache } from './profile-cache.js';
import { registration } from './registration.js';
import { PROFILE_PROJECTION, type ProfileFields, type PublicUserFields, toPublicUser, toUserProfile } from './user.mapper.js';
import { User } from './users.schema.js';

export const USER_NOT_FOUND_MESSAGE = 'User not found.';

type CredentialFields = PublicUserFields & { passwordHash: string };

@Injectable()
export class UsersService implements OnModuleInit {
  constructor(
    @InjectModel(User.name) private readonly users: Model<User>,
    private readonly hasher: PasswordHasher,
    private readonly outbox: EventOutbox,
    private readonly profiles: ProfileCache,
    private readonly directory: EmailDirectory,
  ) {}

  async onModuleInit(): Promise<void> {
    // The unique e-mail index must exist before the first registration is accepted.
    await this.users.init();
  }

  async register({ email, password, skill, client }: RegisterRequest): Promise<PublicUser> {
    const passwordHash = await this.hasher.hash(password, hashKeys(client, email));
    // Hashing takes a while under load: if the gateway has given up meanwhile, write nothing.
    assertBeforeDeadline();
    // Registration never makes an admin, whatever the caller sends.
    const { doc, event } = registration({ email: normalizeEmail(email), passwordHash, skill, isAdmin: false });
    try {
      const user = toPublicUser(await this.outbox.create(this.users, doc, event));
      this.directory.add(user.email, user._id);
      return user;
    } catch (error) {
      // The unique index decides, so two registrations racing for one address cannot both win.
      if (isDuplicateKeyError(error)) throw badRequest(EMAIL_TAKEN_MESSAGE);
      throw error;
    }
  }

  /**
   * The same answer for an unknown e-mail and a wrong password, in the same time: the e-mail is
   * looked up in memory, then one lookup by id either way (an unknown e-mail asks for an id nobody
   * has) and one hash check either way.
   */
  async verifyCredentials({ email, password, client }: VerifyCredentialsRequest): Promise<PublicUser> {
    const id = this.directory.idOf(email) ?? new Types.ObjectId().toHexString();
    const keys = hashKeys(client, email);
    const user = await this.users.findById(id, { email: 1, skill: 1, isAdmin: 1, passwordHash: 1 }).lean<CredentialFields>().exec();
    if (!user) {
      await this.hasher.verifyDecoy(password, keys);
      throw badRequest(INVALID_CREDENTIALS_MESSAGE);
    }
    if (!(await this.hasher.verify(password, user.passwordHash, keys))) throw badRequest(INVALID_CREDENTIALS_MESSAGE);
    if (this.hasher.needsUpgrade(user.passwordHash)) {
      assertBeforeDeadline();
      // The cost was raised since this hash was made: the password is at hand now, so re-hash it.
      await this.users.updateOne({ _id: user._id }, { $set: { passwordHash: await this.hasher.hash(password) } }).exec();
    }
    return toPublicUser(user);
  }

  /** The hot path of GET /users/me: a recent answer, or one lookup by primary key for only the fields it shows. */
  async findProfile({ userId }: FindProfileRequest): Promise<UserProfile> {
    const profile = await this.profiles.getOrLoad(userId, async () => {
      const user = await this.users.findById(userId, PROFILE_PROJECTION).lean<ProfileFields>().exec();
      return user && toUserProfile(user);
    });
    if (!profile) throw notFound(USER_NOT_FOUND_MESSAGE);
    return profile;
  }
}

/** The hash gate's keys: the client's address first (whose turn it is), then the account, known or not. */
function hashKeys(client: string | undefined, email: string): HashKeys {
  const account = `account:${normalizeEmail(email)}`;
  return client ? [`address:${client}`, account] : [account];
}
