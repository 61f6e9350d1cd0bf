import {
  type FindProfileRequest,
  type PublicUser,
  type RegisterRequest,
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
}
