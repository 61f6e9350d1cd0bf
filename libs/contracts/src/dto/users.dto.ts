import { IsEmail, IsIn, IsString, Length } from 'class-validator';
import { LEVEL_LABELS, SKILLS, type Skill } from '../levels.js';
import { LIMITS, lengthMessage } from '../limits.js';

const { email, password } = LIMITS.user;
const skillMessage = `Skill must be one of: ${SKILLS.map((s) => LEVEL_LABELS[s]).join(', ')}.`;

/** POST /users */
export class RegisterUserDto {
  @IsString({ message: 'E-mail must be text.' })
  @Length(email.min, email.max, { message: lengthMessage('E-mail', email) })
  @IsEmail({}, { message: 'E-mail must be a valid e-mail address.' })
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
