import { type PublicUser, type RegisterRequest, type TokenClaims, type UserProfile, USERS_PATTERNS } from '@dblearn/contracts';
import type { UpdateMeDto } from '@dblearn/contracts/dto';
import { BadRequestException, HttpException, HttpStatus, Injectable, UnauthorizedException } from '@nestjs/common';
import { AdminRoster } from '../auth/admin-roster.js';
import { ACCOUNT_GONE_MESSAGE } from '../auth/auth.messages.js';
import { TokenService } from '../auth/token.service.js';
import { ServiceClients } from '../services/service-clients.js';
import { KeptProfiles } from './kept-profiles.js';
import { toPublicUser, toUserProfile } from './user-views.js';

export const NOTHING_TO_UPDATE_MESSAGE = 'Send displayName, labEngine or both.';

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

  /**
   * PATCH /users/me: a new display name (409 when it or a look-alike is taken), the lab's engine, or
   * both; the name first, so a taken name changes neither.
   */
  updateMe(caller: TokenClaims, { displayName, labEngine }: UpdateMeDto): Promise<UserProfile> {
    const userId = caller._id;
    const writes: (() => Promise<UserProfile>)[] = [];
    if (displayName !== undefined) writes.push(() => this.services.send(USERS_PATTERNS.rename, { userId, displayName }));
    if (labEngine !== undefined) writes.push(() => this.services.send(USERS_PATTERNS.labEngine, { userId, labEngine }));
    const [first, ...rest] = writes;
    if (!first) throw new BadRequestException(NOTHING_TO_UPDATE_MESSAGE);
    return this.profiles.whileWriting(userId, async () => {
      let profile = await first();
      for (const write of rest) profile = await write();
      return toUserProfile(profile);
    });
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
