import { type AdminRoster, type PublicUser, type UserProfile, USERS_PATTERNS } from '@dblearn/contracts';
import { RegisterMessageDto, UserIdDto, VerifyCredentialsDto } from '@dblearn/contracts/dto';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { EmailDirectory } from './email-directory.js';
import { UsersService } from './users.service.js';

/** svc-users' request-reply subjects. Payloads are validated against their DTO before they get here. */
@Controller()
export class UsersController {
  constructor(
    private readonly users: UsersService,
    private readonly directory: EmailDirectory,
  ) {}

  @MessagePattern(USERS_PATTERNS.register)
  register(@Payload() request: RegisterMessageDto): Promise<PublicUser> {
    return this.users.register(request);
  }

  @MessagePattern(USERS_PATTERNS.verifyCredentials)
  verifyCredentials(@Payload() request: VerifyCredentialsDto): Promise<PublicUser> {
    return this.users.verifyCredentials(request);
  }

  /** From memory: the gateway asks once at its start (and after a lost connection), never per request. */
  @MessagePattern(USERS_PATTERNS.listAdmins)
  listAdmins(): AdminRoster {
    return { adminIds: this.directory.adminIds() };
  }

  @MessagePattern(USERS_PATTERNS.findProfile)
  findProfile(@Payload() request: UserIdDto): Promise<UserProfile> {
    return this.users.findProfile(request);
  }
}
