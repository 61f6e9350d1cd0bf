import { LIMITS, SKILLS, type Skill } from '@dblearn/contracts';
import { RegisterUserDto } from '@dblearn/contracts/dto';
import { ApiProperty, ApiSchema } from '@nestjs/swagger';

const { email, password } = LIMITS.user;

/** POST /users body: the contract's DTO (its rules validate) plus its OpenAPI description. */
@ApiSchema({ name: 'RegisterUser' })
export class RegisterUserBody extends RegisterUserDto {
  @ApiProperty({
    format: 'email',
    minLength: email.min,
    maxLength: email.max,
    example: 'ada@example.com',
    description: 'The username. Stored lower-case; unique whatever the letter case.',
  })
  override email!: string;

  @ApiProperty({ format: 'password', minLength: password.min, maxLength: password.max, example: 'correct horse' })
  override password!: string;

  @ApiProperty({ enum: SKILLS, example: 'beginner' })
  override skill!: Skill;
}
