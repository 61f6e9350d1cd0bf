import { IsEmail, IsIn, IsInt, IsMongoId, IsOptional, Min, ValidateBy } from 'class-validator';
import { SQL_ENGINES, type SqlEngine } from '../content.js';
import { displayNameProblem } from '../display-name.js';
import { emailProblem } from '../email.js';
import { LEVEL_LABELS, SKILLS, type Skill } from '../levels.js';
import { FIELD_LABELS, LIMITS } from '../limits.js';
import { REVIEW_GRADES, type ReviewGrade } from '../users.js';
import { idRule } from './id-rule.js';
import { reservedLookAlikeProblem } from './look-alikes.js';
import { IsText } from './text-rule.js';

const { email, password } = LIMITS.user;
const skillMessage = `${FIELD_LABELS.user.skill} must be one of: ${SKILLS.map((s) => LEVEL_LABELS[s]).join(', ')}.`;

/** No invisible characters, no look-alike letters before the @ (see email.ts for the rule we chose), no look-alike of a reserved domain. */
function IsUnambiguousEmail(): PropertyDecorator {
  const problem = (value: string) => emailProblem(value) ?? reservedLookAlikeProblem(value);
  return ValidateBy({
    name: 'isUnambiguousEmail',
    validator: {
      validate: (value: unknown) => typeof value !== 'string' || problem(value) === null,
      defaultMessage: (args) => problem(String(args?.value ?? '')) ?? '',
    },
  });
}

/** The display name rules of display-name.ts, one message per rule. */
function IsDisplayName(): PropertyDecorator {
  return ValidateBy({
    name: 'isDisplayName',
    validator: {
      validate: (value: unknown) => displayNameProblem(value) === null,
      defaultMessage: (args) => displayNameProblem(args?.value) ?? '',
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

  /** Optional: an account without one gets `learner-1234` until its owner chooses. */
  @IsOptional()
  @IsDisplayName()
  displayName?: string;
}

/** users.rename: a new display name. */
export class RenameDto {
  @IsDisplayName()
  displayName!: string;
}

export const LAB_ENGINE_MESSAGE = `labEngine must be one of: ${SQL_ENGINES.join(', ')}.`;

/** The engine the learner's lab runs on (issue 32): `labEngine` on the profile. */
export class LabEngineDto {
  @IsIn(SQL_ENGINES, { message: LAB_ENGINE_MESSAGE })
  labEngine!: SqlEngine;
}

/** PATCH /users/me: a new display name, the lab's engine, or both (at least one; the gateway says so). */
export class UpdateMeDto {
  @IsOptional()
  @IsDisplayName()
  displayName?: string;

  @IsOptional()
  @IsIn(SQL_ENGINES, { message: LAB_ENGINE_MESSAGE })
  labEngine?: SqlEngine;
}

/** DELETE /users/me: the owner confirms with the password. */
export class DeleteAccountDto {
  @IsText(FIELD_LABELS.user.password, password)
  password!: string;
}

/** POST /auth */
export class LoginDto {
  @IsText(FIELD_LABELS.user.email, email)
  email!: string;

  @IsText(FIELD_LABELS.user.password, password)
  password!: string;
}

/** POST /users/me/review/grade: how well the learner recalled the card, for the version of it they saw. */
export class ReviewGradeDto {
  @IsMongoId(idRule('id'))
  id!: string;

  @IsIn(REVIEW_GRADES, { message: `Grade must be one of: ${REVIEW_GRADES.join(', ')}.` })
  grade!: ReviewGrade;

  /** The card's `version` as shown: a grade sent twice (a double click, a retry) finds it moved on and counts once. */
  @IsInt({ message: 'Version must be a whole number.' })
  @Min(0, { message: 'Version must be a whole number.' })
  version!: number;
}
