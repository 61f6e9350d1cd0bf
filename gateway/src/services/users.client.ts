import {
  type FindProfileRequest,
  type PublicUser,
  type RegisterRequest,
  type UserItemRequest,
  type UserProfile,
  type UsersReplies,
  type VerifyCredentialsRequest,
  USERS_PATTERNS,
} from '@dblearn/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway.config.js';
import { type ServiceClient } from './service-client.js';
import { ServiceClients } from './service-clients.js';

/** svc-users' request-reply calls, typed from the contracts. Failures arrive as HttpExceptions. */
@Injectable()
export class UsersClient {
  private readonly client: ServiceClient;

  private readonly hashingTimeoutMs: number;

  constructor(clients: ServiceClients, @Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    this.client = clients.get('users');
    this.hashingTimeoutMs = config.natsHashingTimeoutMs;
  }

  /** Hashes a password: svc-users runs few at once and refuses the rest, so a longer bound is safe. */
  register(request: RegisterRequest): Promise<PublicUser> {
    return this.client.send<UsersReplies[typeof USERS_PATTERNS.register]>(USERS_PATTERNS.register, request, this.hashingTimeoutMs);
  }

  verifyCredentials(request: VerifyCredentialsRequest): Promise<PublicUser> {
    return this.client.send<UsersReplies[typeof USERS_PATTERNS.verifyCredentials]>(USERS_PATTERNS.verifyCredentials, request, this.hashingTimeoutMs);
  }

  findProfile(request: FindProfileRequest): Promise<UserProfile> {
    return this.client.send<UsersReplies[typeof USERS_PATTERNS.findProfile]>(USERS_PATTERNS.findProfile, request);
  }

  /** One of the progress calls (finish/unfinish, save/unsave, read): each answers the updated profile. */
  changeProgress(pattern: ProgressPattern, request: UserItemRequest): Promise<UserProfile> {
    return this.client.send<UsersReplies[ProgressPattern]>(pattern, request);
  }
}

export type ProgressPattern =
  | typeof USERS_PATTERNS.finishProject
  | typeof USERS_PATTERNS.unfinishProject
  | typeof USERS_PATTERNS.saveQuestion
  | typeof USERS_PATTERNS.unsaveQuestion
  | typeof USERS_PATTERNS.readTutorial;
