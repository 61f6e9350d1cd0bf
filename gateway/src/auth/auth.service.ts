import { INVALID_CREDENTIALS_MESSAGE, USERS_PATTERNS, type VerifyCredentialsRequest } from '@dblearn/contracts';
import { BadRequestException, HttpException, HttpStatus, Injectable } from '@nestjs/common';
import { ServiceClients } from '../services/service-clients.js';
import { TokenService } from './token.service.js';

@Injectable()
export class AuthService {
  constructor(
    private readonly services: ServiceClients,
    private readonly tokens: TokenService,
  ) {}

  /** A session token for these credentials; any mismatch is the same 400 (no hint which part was wrong). */
  /** `client`: the caller's address key, so svc-users shares its password hashing fairly. */
  async login(credentials: VerifyCredentialsRequest, client: string): Promise<string> {
    try {
      const user = await this.services.send(USERS_PATTERNS.verifyCredentials, { email: credentials.email, password: credentials.password, client });
      return this.tokens.sign(user);
    } catch (error) {
      // svc-users answers 400 itself; a 401 or 404 would tell an attacker the account does not exist.
      if (error instanceof HttpException && [HttpStatus.UNAUTHORIZED, HttpStatus.NOT_FOUND].includes(error.getStatus())) {
        throw new BadRequestException(INVALID_CREDENTIALS_MESSAGE);
      }
      throw error;
    }
  }
}
