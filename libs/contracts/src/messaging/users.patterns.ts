import type { Skill } from '../levels.js';
import type { PublicUser, UserProfile } from '../users.js';

/** Request-reply subjects svc-users answers (gateway → svc-users). */
export const USERS_PATTERNS = {
  /** RegisterRequest → PublicUser; 400 if the e-mail is taken. */
  register: 'users.register',
  /** VerifyCredentialsRequest → PublicUser; 400 INVALID_CREDENTIALS_MESSAGE on any mismatch. */
  verifyCredentials: 'users.verify-credentials',
  /** FindProfileRequest → UserProfile; 404 if the user no longer exists. */
  findProfile: 'users.find-profile',
  health: 'users.health',
} as const;

export interface RegisterRequest {
  email: string;
  password: string;
  skill: Skill;
}

export interface VerifyCredentialsRequest {
  email: string;
  password: string;
}

export interface FindProfileRequest {
  userId: string;
}

export interface UsersReplies {
  [USERS_PATTERNS.register]: PublicUser;
  [USERS_PATTERNS.verifyCredentials]: PublicUser;
  [USERS_PATTERNS.findProfile]: UserProfile;
  [USERS_PATTERNS.health]: { status: 'ok' };
}
