import type { Difficulty, Skill } from './levels.js';
import type { Topic } from './topics.js';

/** A user as every answer shows it: never a password or a hash. */
export interface PublicUser {
  _id: string;
  email: string;
  skill: Skill;
  isAdmin: boolean;
}

/** Snapshots kept in svc-users and refreshed by content events (DESIGN "Data"). */
export interface SavedQuestion {
  _id: string;
  topic: Topic;
  question: string;
  answer: string;
}

export interface FinishedProject {
  _id: string;
  title: string;
  difficulty: Difficulty;
  /** The course the project belongs to; null while it belongs to none. */
  courseId: string | null;
}

/** A tutorial the user has read: the course page and /hub count progress from these. */
export interface ReadTutorial {
  _id: string;
  courseId: string | null;
}

/** GET /users/me, and the answer of every /users/{project,interview,tutorial} call. */
export interface UserProfile extends PublicUser {
  savedQuestion: SavedQuestion[];
  finishedProject: FinishedProject[];
  readTutorial: ReadTutorial[];
}

/** What the gateway signs into the JWT (CONTRACT "Conventions"). */
export interface TokenClaims {
  _id: string;
  email: string;
  skill: Skill;
  isAdmin: boolean;
}

/** CONTRACT: the one answer for any failed login, with no hint which part was wrong. */
export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password.';
export const EMAIL_TAKEN_MESSAGE = 'User already registered.';
