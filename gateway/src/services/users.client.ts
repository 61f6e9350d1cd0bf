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
import { Injectable } from '@nestjs/common';
import { type ServiceClient } from './service-client.js';
import { ServiceClients } from './service-clients.js';

/** svc-users' request-reply calls, typed from the contracts. Failures arrive as HttpExceptions. */
@Injectable()
export class UsersClient {
  private readonly client: ServiceClient;

  constructor(clients: ServiceClients) {
    this.client = clients.get('users');
  }

  register(request: RegisterRequest): Promise<PublicUser> {
    return this.client.send<UsersReplies[typeof USERS_PATTERNS.register]>(USERS_PATTERNS.register, request);
  }

  verifyCredentials(request: VerifyCredentialsRequest): Promise<PublicUser> {
    return this.client.send<UsersReplies[typeof USERS_PATTERNS.verifyCredentials]>(USERS_PATTERNS.verifyCredentials, request);
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
