import type { z } from 'zod';
import type { Skill } from './levels.js';
import type * as answers from './answers/users.answers.js';

// What svc-users answers, inferred from the one definition of each shape in ./answers.

/** A user as every answer shows it: never a password or a hash. */
export type PublicUser = z.output<typeof answers.PublicUserAnswer>;
/** Progress (NOTES Glossary): copies kept in svc-users and refreshed by content events (DESIGN "Data"). */
export type SavedQuestion = z.output<typeof answers.SavedQuestionAnswer>;
/** `courseId`: the course the project belongs to; null while it belongs to none. */
export type FinishedProject = z.output<typeof answers.FinishedProjectAnswer>;
/** A tutorial the user has read: the course page and /hub count progress from these. */
export type ReadTutorial = z.output<typeof answers.ReadTutorialAnswer>;
/** A card of the review deck and the deck as GET /users/me/review answers it (issue 34). */
export type ReviewCard = z.output<typeof answers.ReviewCardAnswer>;
export type ReviewDeck = z.output<typeof answers.ReviewDeckAnswer>;
/** The recall grades of a review, in FSRS order (Again = 1 … Easy = 4). */
export const REVIEW_GRADES = ['again', 'hard', 'good', 'easy'] as const;
export type ReviewGrade = (typeof REVIEW_GRADES)[number];
/** GET /users/me, and the answer of every /users/{project,interview,tutorial} call. */
export type UserProfile = z.output<typeof answers.UserProfileAnswer>;

/** What the gateway signs into the JWT (CONTRACT "Conventions"). */
export interface TokenClaims {
  _id: string;
  email: string;
  skill: Skill;
  isAdmin: boolean;
  /** The display name when the token was signed (issue 36): svc-community's name for a new author until the account's events arrive. */
  name?: string;
}

/** CONTRACT: the one answer for any failed login, with no hint which part was wrong. */
export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password.';
export const EMAIL_TAKEN_MESSAGE = 'User already registered.';
