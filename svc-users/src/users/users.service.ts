import {
  type AuthorsByEmail,
  EMAIL_TAKEN_MESSAGE,
  EVENT_SUBJECTS,
  type FindProfileRequest,
  INVALID_CREDENTIALS_MESSAGE,
  type PublicUser,
  type RegisterRequest,
  tidyDisplayName,
  type UserProfile,
  type VerifyCredentialsRequest,
} from '@dblearn/contracts';
import type { AuthorsByEmailDto, DeleteAccountMessageDto, LabEngineMessageDto, RenameMessageDto } from '@dblearn/contracts/dto';
import {
  assertBeforeDeadline,
  badRequest,
  type DocumentStore,
  domainEvent,
  InjectStore,
  isDuplicateKeyError,
  notFound,
} from '@dblearn/nest-common';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type Model, Types } from 'mongoose';
import type { HashKeys } from '../auth/hash-gate.js';
import { PasswordHasher } from '../auth/password-hasher.js';
import { DeletionTries } from './deletion-tries.js';
import { DisplayNames } from './display-names.js';
import { EmailDirectory } from './email-directory.js';
import { normalizeEmail } from './email.js';
import { ProfileCache } from './profile-cache.js';
import { registration } from './registration.js';
import { PROFILE_PROJECTION, type ProfileFields, provisionalName, type PublicUserFields, toPublicUser, toUserProfile } from './user.mapper.js';
import { User } from './users.schema.js';

export const USER_NOT_FOUND_MESSAGE = 'User not found.';
export const WRONG_PASSWORD_MESSAGE = 'That is not the password of this account; nothing was deleted.';

type CredentialFields = PublicUserFields & { passwordHash: string; deleted?: boolean };

@Injectable()
export class UsersService implements OnModuleInit {
  private readonly deletionTries = new DeletionTries();

  constructor(
    @InjectModel(User.name) private readonly users: Model<User>,
    private readonly hasher: PasswordHasher,
    private readonly profiles: ProfileCache,
    private readonly directory: EmailDirectory,
    private readonly names: DisplayNames,
    @InjectStore(User.name) private readonly store: DocumentStore<User>,
  ) {}

  async onModuleInit(): Promise<void> {
    // The unique e-mail index must exist before the first registration is accepted.
    await this.users.init();
  }

  async register({ email, password, skill, client, displayName: chosen }: RegisterRequest): Promise<PublicUser> {
    const passwordHash = await this.hasher.hash(password, hashKeys(client, email));
    // Hashing takes a while under load: if the gateway has given up meanwhile, write nothing.
    assertBeforeDeadline();
    const _id = new Types.ObjectId();
    const userId = _id.toHexString();
    // The name is claimed first (409 when taken) and given back if the account is not made.
    const displayName = chosen === undefined ? await this.names.claimGenerated(userId) : tidyDisplayName(chosen);
    if (chosen !== undefined) await this.names.claim(displayName, userId);
    // Registration never makes an admin, whatever the caller sends.
    const { doc, event } = registration({ _id, email: normalizeEmail(email), displayName, passwordHash, skill, isAdmin: false });
    try {
      assertBeforeDeadline();
      const user = toPublicUser(await this.store.create(doc, event));
      this.directory.add(user.email, user._id);
      return user;
    } catch (error) {
      await this.names.release(displayName, userId);
      // The unique index decides, so two registrations racing for one address cannot both win.
      if (isDuplicateKeyError(error)) throw badRequest(EMAIL_TAKEN_MESSAGE);
      throw error;
    }
  }

  /**
   * A new display name: claimed (409 when it or a look-alike is taken), then written with its
   * `user.renamed` event in one document write, so svc-community applies it whenever it hears it,
   * even after being down; the old name is given back last.
   */
  rename({ userId, displayName: chosen }: RenameMessageDto): Promise<UserProfile> {
    const displayName = tidyDisplayName(chosen);
    return this.store.atomically(userId, async () => {
      const user = await this.store.findById<{ displayName?: string; deleted?: boolean }>(userId, { displayName: 1, deleted: 1 });
      if (!user || user.deleted === true) throw notFound(USER_NOT_FOUND_MESSAGE);
      if (user.displayName === displayName) return this.findProfile({ userId });
      await this.names.claim(displayName, userId);
      try {
        assertBeforeDeadline();
        await this.store.update(userId, { $set: { displayName } }, domainEvent(EVENT_SUBJECTS.userRenamed, { entityId: userId, displayName }));
      } catch (error) {
        await this.names.release(displayName, userId, user.displayName);
        throw error;
      }
      if (user.displayName) await this.names.release(user.displayName, userId, displayName);
      await this.profiles.changed(userId);
      return this.findProfile({ userId });
    });
  }

  /** The engine the learner's lab runs on (issue 32): a preference, so no event; the profile answers it. */
  setLabEngine({ userId, labEngine }: LabEngineMessageDto): Promise<UserProfile> {
    return this.store.atomically(userId, async () => {
      const user = await this.store.findById<{ deleted?: boolean }>(userId, { deleted: 1 });
      if (!user || user.deleted === true) throw notFound(USER_NOT_FOUND_MESSAGE);
      assertBeforeDeadline();
      await this.store.update(userId, { $set: { labEngine } });
      await this.profiles.changed(userId);
      return this.findProfile({ userId });
    });
  }

  /**
   * The owner deletes their account, confirming with the password. One write empties it and
   * carries `account.removed` (the gateways refuse its tokens at once; its posts show "deleted
   * learner"); the id stays, marked deleted, so a later start still knows to refuse those tokens.
   * The e-mail and the name are free again.
   */
  deleteAccount({ userId, password, client }: DeleteAccountMessageDto): Promise<{ deleted: true }> {
    return this.store.atomically(userId, async () => {
      const user = await this.users
        .findById(userId, { email: 1, displayName: 1, deleted: 1, passwordHash: 1 })
        .lean<{ email: string; displayName?: string; deleted?: boolean; passwordHash: string }>()
        .exec();
      if (!user || user.deleted === true) throw notFound(USER_NOT_FOUND_MESSAGE);
      this.deletionTries.assertMayTry(userId);
      if (!(await this.hasher.verify(password, user.passwordHash, hashKeys(client, user.email)))) {
        this.deletionTries.failed(userId);
        throw badRequest(WRONG_PASSWORD_MESSAGE);
      }
      assertBeforeDeadline();
      await this.store.update(
        userId,
        {
          $set: { deleted: true, deletedAt: new Date(), email: `deleted-${userId}@deleted.invalid`, passwordHash: '!deleted', savedQuestion: [], finishedProject: [], readTutorial: [], reviewCard: [] },
          $unset: { displayName: 1 },
        },
        domainEvent(EVENT_SUBJECTS.accountRemoved, { entityId: userId, reason: 'deleted' as const }),
      );
      this.directory.remove(user.email, userId);
      if (user.displayName) await this.names.release(user.displayName, userId);
      await this.profiles.changed(userId);
      return { deleted: true as const };
    });
  }

  /** The accounts of these addresses now, from memory plus one lookup by id each (svc-community's one-time link of old posts). */
  async authorsByEmail({ emails }: AuthorsByEmailDto): Promise<AuthorsByEmail> {
    const authors: AuthorsByEmail['authors'] = [];
    for (const email of new Set(emails)) {
      const userId = this.directory.idOf(email);
      if (!userId) continue;
      const user = await this.users.findById(userId, { displayName: 1 }).lean<{ displayName?: string }>().exec();
      if (user) authors.push({ email, userId, displayName: user.displayName ?? provisionalName(userId) });
    }
    return { authors };
  }

  /**
   * The same answer for an unknown e-mail and a wrong password, in the same time: the e-mail is
   * looked up in memory, then one lookup by id either way (an unknown e-mail asks for an id nobody
   * has) and one hash check either way.
   */
  async verifyCredentials({ email, password, client }: VerifyCredentialsRequest): Promise<PublicUser> {
    const id = this.directory.idOf(email) ?? new Types.ObjectId().toHexString();
    const keys = hashKeys(client, email);
    const user = await this.users.findById(id, { email: 1, displayName: 1, deleted: 1, skill: 1, isAdmin: 1, passwordHash: 1 }).lean<CredentialFields>().exec();
    if (!user || user.deleted === true) {
      await this.hasher.verifyDecoy(password, keys);
      throw badRequest(INVALID_CREDENTIALS_MESSAGE);
    }
    if (!(await this.hasher.verify(password, user.passwordHash, keys))) throw badRequest(INVALID_CREDENTIALS_MESSAGE);
    if (this.hasher.needsUpgrade(user.passwordHash)) {
      assertBeforeDeadline();
      // The cost was raised since this hash was made: the password is at hand now, so re-hash it.
      await this.store.update(user._id, { $set: { passwordHash: await this.hasher.hash(password) } });
    }
    return toPublicUser(user);
  }

  /** The hot path of GET /users/me: a recent answer, or one lookup by primary key for only the fields it shows. */
  async findProfile({ userId }: FindProfileRequest): Promise<UserProfile> {
    const profile = await this.profiles.getOrLoad(userId, async () => {
      const user = await this.users.findById(userId, PROFILE_PROJECTION).lean<ProfileFields>().exec();
      return user && user.deleted !== true ? toUserProfile(user) : null;
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
