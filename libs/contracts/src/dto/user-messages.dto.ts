import { ArrayMaxSize, IsArray, IsMongoId, IsOptional, IsString, MaxLength } from 'class-validator';
import { LIMITS } from '../limits.js';
import { idRule } from './id-rule.js';
import { DeleteAccountDto, LabEngineDto, LoginDto, RegisterUserDto, RenameDto } from './users.dto.js';

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

/** users.rename: the caller (from the token) and the name they chose. */
export class RenameMessageDto extends RenameDto {
  @IsMongoId(idRule('userId'))
  userId!: string;
}

/** users.lab-engine: the caller (from the token) and the engine their lab runs on. */
export class LabEngineMessageDto extends LabEngineDto {
  @IsMongoId(idRule('userId'))
  userId!: string;
}

/** users.delete: the caller (from the token), their password, and where it came from (the hash gate). */
export class DeleteAccountMessageDto extends DeleteAccountDto {
  @IsMongoId(idRule('userId'))
  userId!: string;

  @IsClientKey()
  client?: string;
}

/** users.authors-by-email: svc-community links its posts from before display names to their accounts (at most 100 a call). */
export class AuthorsByEmailDto {
  @IsArray({ message: 'emails must be a list.' })
  @ArrayMaxSize(100, { message: 'emails must hold at most 100 addresses.' })
  @IsString({ each: true, message: 'emails must be text.' })
  @MaxLength(LIMITS.user.email.max, { each: true, message: `each e-mail must be at most ${LIMITS.user.email.max} characters long.` })
  emails!: string[];
}
