import { IsEmail, IsIn, IsString, Length, ValidateBy } from 'class-validator';
import { emailProblem } from '../email.js';
import { LEVEL_LABELS, SKILLS, type Skill } from '../levels.js';
import { LIMITS, lengthMessage } from '../limits.js';

const { email, password } = LIMITS.user;
const skillMessage = `Skill must be one of: ${SKILLS.map((s) => LEVEL_LABELS[s]).join(', ')}.`;

/** No invisible characters, no look-alike letters before the @ (see email.ts for the rule we chose). */
function IsUnambiguousEmail(): PropertyDecorator {
  return ValidateBy({
    name: 'isUnambiguousEmail',
    validator: {
      validate: (value: unknown) => typeof value !== 'string' || emailProblem(value) === null,
      defaultMessage: (args) => emailProblem(String(args?.value ?? '')) ?? '',
    },
  });
}

/** POST /users */
export class RegisterUserDto {
  @IsString({ message: 'E-mail must be text.' })
  @Length(email.min, email.max, { message: lengthMessage('E-mail', email) })
  @IsEmail({}, { message: 'E-mail must be a valid e-mail address.' })
  @IsUnambiguousEmail()
  email!: string;

  @IsString({ message: 'Password must be text.' })
  @Length(password.min, password.max, { message: lengthMessage('Password', password) })
  password!: string;

  @IsIn(SKILLS, { message: skillMessage })
  skill!: Skill;
}

/** POST /auth */
export class LoginDto {
  @IsString({ message: 'E-mail must be text.' })
  @Length(email.min, email.max, { message: lengthMessage('E-mail', email) })
  email!: string;

  @IsString({ message: 'Password must be text.' })
  @Length(password.min, password.max, { message: lengthMessage('Password', password) })
  password!: string;
}
