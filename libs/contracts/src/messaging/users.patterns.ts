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
  /** UserItemRequest → UserProfile: mark a project finished; 404 no such user or project. Idempotent. */
  finishProject: 'users.project.finish',
  /** UserItemRequest → UserProfile: unmark it. Idempotent. */
  unfinishProject: 'users.project.unfinish',
  /** UserItemRequest → UserProfile: save an interview question; 404 no such user or question. Idempotent. */
  saveQuestion: 'users.interview.save',
  /** UserItemRequest → UserProfile: unsave it. Idempotent. */
  unsaveQuestion: 'users.interview.unsave',
  /** UserItemRequest → UserProfile: record a tutorial as read; 404 no such user or tutorial. Idempotent. */
  readTutorial: 'users.tutorial.read',
  /** {} → AdminRoster: every admin's id, from svc-users' memory (the gateway's roster at start). */
  listAdmins: 'users.admins',
  health: 'users.health',
} as const;

/** Who is an admin now; the gateway keeps it current with `events.users.admin.changed`. */
export interface AdminRoster {
  adminIds: string[];
}

/** Where a sign-up or login comes from, so svc-users can share its password hashing fairly between clients. */
export interface ClientAddress {
  /** The gateway's key for the caller's address (an IPv4 address, an IPv6 /56); absent from other callers. */
  client?: string;
}

export interface RegisterRequest extends ClientAddress {
  email: string;
  password: string;
  skill: Skill;
}

export interface VerifyCredentialsRequest extends ClientAddress {
  email: string;
  password: string;
}

export interface FindProfileRequest {
  userId: string;
}

/** The user (from the path) and the project, question or tutorial (from the `{id}` body). */
export interface UserItemRequest {
  userId: string;
  id: string;
}

/** What each pattern takes (the gateway's `send` is checked against it). */
export interface UsersRequests {
  [USERS_PATTERNS.register]: RegisterRequest;
  [USERS_PATTERNS.verifyCredentials]: VerifyCredentialsRequest;
  [USERS_PATTERNS.findProfile]: FindProfileRequest;
  [USERS_PATTERNS.finishProject]: UserItemRequest;
  [USERS_PATTERNS.unfinishProject]: UserItemRequest;
  [USERS_PATTERNS.saveQuestion]: UserItemRequest;
  [USERS_PATTERNS.unsaveQuestion]: UserItemRequest;
  [USERS_PATTERNS.readTutorial]: UserItemRequest;
  [USERS_PATTERNS.listAdmins]: Record<string, never>;
  [USERS_PATTERNS.health]: Record<string, never>;
}

export interface UsersReplies {
  [USERS_PATTERNS.register]: PublicUser;
  [USERS_PATTERNS.verifyCredentials]: PublicUser;
  [USERS_PATTERNS.findProfile]: UserProfile;
  [USERS_PATTERNS.finishProject]: UserProfile;
  [USERS_PATTERNS.unfinishProject]: UserProfile;
  [USERS_PATTERNS.saveQuestion]: UserProfile;
  [USERS_PATTERNS.unsaveQuestion]: UserProfile;
  [USERS_PATTERNS.readTutorial]: UserProfile;
  [USERS_PATTERNS.listAdmins]: AdminRoster;
  [USERS_PATTERNS.health]: { status: 'ok' };
}
