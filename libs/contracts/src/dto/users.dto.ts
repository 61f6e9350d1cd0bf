import { IsEmail, IsIn, ValidateBy } from 'class-validator';
import { emailProblem } from '../email.js';
import { LEVEL_LABELS, SKILLS, type Skill } from '../levels.js';
import { FIELD_LABELS, LIMITS } from '../limits.js';
import { IsText } from './text-rule.js';

const { email, password } = LIMITS.user;
const skillMessage = `${FIELD_LABELS.user.skill} must be one of: ${SKILLS.map((s) => LEVEL_LABELS[s]).join(', ')}.`;

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
  @IsText(FIELD_LABELS.user.email, email)
  @IsEmail({}, { message: 'E-mail must be a valid e-mail address.' })
  @IsUnambiguousEmail()
  email!: string;

  @IsText(FIELD_LABELS.user.password, password)
  password!: string;

  @IsIn(SKILLS, { message: skillMessage })
  skill!: Skill;
}

/** POST /auth */
export class LoginDto {
  @IsText(FIELD_LABELS.user.email, email)
  email!: string;

  @IsText(FIELD_LABELS.user.password, password)
  password!: string;
}
