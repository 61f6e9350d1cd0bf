import { type AdminRoster, type AuthorsByEmail, type PublicUser, type UserProfile, USERS_PATTERNS } from '@dblearn/contracts';
import { AuthorsByEmailDto, DeleteAccountMessageDto, LabEngineMessageDto, RegisterMessageDto, RenameMessageDto, UserIdDto, VerifyCredentialsDto } from '@dblearn/contracts/dto';
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
    return { adminIds: this.directory.adminIds(), removedIds: this.directory.removedIds() };
  }

  @MessagePattern(USERS_PATTERNS.rename)
  rename(@Payload() request: RenameMessageDto): Promise<UserProfile> {
    return this.users.rename(request);
  }

  @MessagePattern(USERS_PATTERNS.labEngine)
  setLabEngine(@Payload() request: LabEngineMessageDto): Promise<UserProfile> {
    return this.users.setLabEngine(request);
  }

  @MessagePattern(USERS_PATTERNS.deleteAccount)
  deleteAccount(@Payload() request: DeleteAccountMessageDto): Promise<{ deleted: true }> {
    return this.users.deleteAccount(request);
  }

  @MessagePattern(USERS_PATTERNS.authorsByEmail)
  authorsByEmail(@Payload() request: AuthorsByEmailDto): Promise<AuthorsByEmail> {
    return this.users.authorsByEmail(request);
  }

  @MessagePattern(USERS_PATTERNS.findProfile)
  findProfile(@Payload() request: UserIdDto): Promise<UserProfile> {
    return this.users.findProfile(request);
  }
}
