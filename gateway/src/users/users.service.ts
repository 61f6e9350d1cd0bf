import { type PublicUser, type RegisterRequest, type TokenClaims, type UserProfile, USERS_PATTERNS } from '@dblearn/contracts';
import { HttpException, HttpStatus, Injectable, UnauthorizedException } from '@nestjs/common';
import { AdminRoster } from '../auth/admin-roster.js';
import { ACCOUNT_GONE_MESSAGE } from '../auth/auth.messages.js';
import { TokenService } from '../auth/token.service.js';
import { ServiceClients } from '../services/service-clients.js';
import { KeptProfiles } from './kept-profiles.js';
import { toPublicUser, toUserProfile } from './user-views.js';

export interface Registration {
  user: PublicUser;
  /** Signed at once, so a new account starts signed in. */
  token: string;
}

@Injectable()
export class UsersService {
  constructor(
    private readonly services: ServiceClients,
    private readonly tokens: TokenService,
    private readonly profiles: KeptProfiles,
    private readonly roster: AdminRoster,
  ) {}

  /** `client`: the caller's address key, so svc-users shares its password hashing fairly. */
  async register(request: RegisterRequest, client: string): Promise<Registration> {
    const user = toPublicUser(
      await this.services.send(USERS_PATTERNS.register, {
        email: request.email,
        password: request.password,
        skill: request.skill,
        ...(request.displayName === undefined ? {} : { displayName: request.displayName }),
        client,
      }),
    );
    return { user, token: this.tokens.sign(user) };
  }

  /** A new display name for the caller: 409 when it or a look-alike is taken. */
  rename(caller: TokenClaims, displayName: string): Promise<UserProfile> {
    return this.profiles.whileWriting(caller._id, async () => toUserProfile(await this.services.send(USERS_PATTERNS.rename, { userId: caller._id, displayName })));
  }

  /** The caller deletes their own account, confirming with the password. */
  async deleteAccount(caller: TokenClaims, password: string, client: string): Promise<void> {
    await this.profiles.whileWriting(caller._id, () => this.services.send(USERS_PATTERNS.deleteAccount, { userId: caller._id, password, client }));
    // This gateway refuses the token before the event has even travelled; the others as they hear it.
    this.roster.remove(caller._id);
  }

  /** The caller's profile; a token that outlived its account is a 401, so the browser ends that session. */
  async profile(caller: TokenClaims): Promise<UserProfile> {
    try {
      return await this.profiles.getOrLoad(caller._id, async () => toUserProfile(await this.services.send(USERS_PATTERNS.findProfile, { userId: caller._id })));
    } catch (error) {
      if (error instanceof HttpException && error.getStatus() === HttpStatus.NOT_FOUND) {
        throw new UnauthorizedException(ACCOUNT_GONE_MESSAGE);
      }
      throw error;
    }
  }
}
