import { IsMongoId, IsOptional, IsString, MaxLength } from 'class-validator';
import { idRule } from './id-rule.js';
import { LoginDto, RegisterUserDto } from './users.dto.js';

/** An address key is at most an IPv6 network in text (the gateway's ipKeyGenerator); longer is not ours. */
const CLIENT_KEY_MAX = 64;

/**
 * Where a sign-up or login comes from, so svc-users can share its password hashing fairly between
 * clients: the gateway's key for the caller's address (an IPv4 address, an IPv6 /56); absent from other callers.
 */
function IsClientKey(): PropertyDecorator {
  return (target, property) => {
    IsOptional()(target, property);
    IsString({ message: 'client must be text.' })(target, property);
    MaxLength(CLIENT_KEY_MAX, { message: `client must be at most ${CLIENT_KEY_MAX} characters long.` })(target, property);
  };
}

/** users.register: the sign-up the gateway checked, and where it came from (the hash gate's fairness). */
export class RegisterMessageDto extends RegisterUserDto {
  @IsClientKey()
  client?: string;
}

/** users.verify-credentials: a login and where it came from. */
export class VerifyCredentialsDto extends LoginDto {
  @IsClientKey()
  client?: string;
}

/**
 * Payloads that travel gateway → svc-users. The gateway fills `userId` from the verified token
 * (/users/me) or the path (/users/project/{userId}, checked there), and svc-users validates it
 * again because a service never trusts its callers.
 */
export class UserIdDto {
  @IsMongoId(idRule('userId'))
  userId!: string;
}
