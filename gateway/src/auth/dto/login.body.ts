import { LIMITS } from '@dblearn/contracts';
import { LoginDto } from '@dblearn/contracts/dto';
import { ApiProperty, ApiSchema } from '@nestjs/swagger';

const { email, password } = LIMITS.user;

/** POST /auth body: the contract's DTO (its rules validate) plus its OpenAPI description. */
@ApiSchema({ name: 'Login' })
export class LoginBody extends LoginDto {
  @ApiProperty({ format: 'email', minLength: email.min, maxLength: email.max, example: 'ada@example.com' })
  override email!: string;

  @ApiProperty({ format: 'password', minLength: password.min, maxLength: password.max, example: 'correct horse' })
  override password!: string;
}
