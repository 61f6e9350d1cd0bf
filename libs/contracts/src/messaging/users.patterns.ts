import type { IdDto, WithPathId } from '../dto/common.dto.js';
import type { AuthorsByEmailDto, DeleteAccountMessageDto, LabEngineMessageDto, RegisterMessageDto, RenameMessageDto, UserIdDto, VerifyCredentialsDto } from '../dto/user-messages.dto.js';
import type { PublicUser, UserProfile } from '../users.js';

/** Request-reply subjects svc-users answers (gateway → svc-users). */
export const USERS_PATTERNS = {
  /** RegisterRequest → PublicUser; 400 if the e-mail is taken. */
  register: 'users.register',
  /** VerifyCredentialsRequest → PublicUser; 400 INVALID_CREDENTIALS_MESSAGE on any mismatch. */
  verifyCredentials: 'users.verify-credentials',
  /** FindProfileRequest → UserProfile; 404 if the user no longer exists. */
  findProfile: 'users.find-profile',
  /** WithPathId<IdDto> (the user; the body names the item) → UserProfile: mark a project finished; 404 no such user or project. Idempotent. */
  finishProject: 'users.project.finish',
  /** WithPathId<IdDto> (the user; the body names the item) → UserProfile: unmark it. Idempotent. */
  unfinishProject: 'users.project.unfinish',
  /** WithPathId<IdDto> (the user; the body names the item) → UserProfile: save an interview question; 404 no such user or question. Idempotent. */
  saveQuestion: 'users.interview.save',
  /** WithPathId<IdDto> (the user; the body names the item) → UserProfile: unsave it. Idempotent. */
  unsaveQuestion: 'users.interview.unsave',
  /** WithPathId<IdDto> (the user; the body names the item) → UserProfile: record a tutorial as read; 404 no such user or tutorial. Idempotent. */
  readTutorial: 'users.tutorial.read',
  // The review deck's calls are forwarded routes (ROUTE_SHAPES.review): their subjects derive from ROUTES.
  /** {} → AdminRoster: every admin's id and every removed account's, from svc-users' memory (the gateway's roster at start). */
  listAdmins: 'users.admins',
  /** RenameMessageDto → UserProfile: a new display name; 409 DISPLAY_NAME_TAKEN_MESSAGE, 400 a broken rule, 404 no such user. */
  rename: 'users.rename',
  /** LabEngineMessageDto → UserProfile: the engine the learner's lab runs on (issue 32); 400 another value, 404 no such user. */
  labEngine: 'users.lab-engine',
  /** DeleteAccountMessageDto → {deleted: true}: the owner deletes their account; 400 wrong password, 404 no such user. */
  deleteAccount: 'users.delete',
  /** AuthorsByEmailDto → AuthorsByEmail: svc-community links posts from before display names to accounts. */
  authorsByEmail: 'users.authors-by-email',
  health: 'users.health',
} as const;

/**
 * Who is an admin now, and which accounts are removed (their tokens are refused until they expire);
 * the gateway keeps it current with `events.users.admin.changed` and `events.users.account.removed`.
 */
export interface AdminRoster {
  adminIds: string[];
  removedIds: string[];
}

/** The accounts of the addresses asked about that exist now (others are gone or never were). */
export interface AuthorsByEmail {
  authors: Array<{ email: string; userId: string; displayName: string }>;
}

/**
 * svc-users' requests are the types of the DTOs that check them (type-only imports, so the browser's
 * sign-in forms can name the first two without bundling class-validator).
 */
export type RegisterRequest = RegisterMessageDto;
export type VerifyCredentialsRequest = VerifyCredentialsDto;
export type FindProfileRequest = UserIdDto;

/** What each pattern takes (the gateway's `send` is checked against it). */
export interface UsersRequests {
  [USERS_PATTERNS.register]: RegisterRequest;
  [USERS_PATTERNS.verifyCredentials]: VerifyCredentialsRequest;
  [USERS_PATTERNS.findProfile]: FindProfileRequest;
  [USERS_PATTERNS.finishProject]: WithPathId<IdDto>;
  [USERS_PATTERNS.unfinishProject]: WithPathId<IdDto>;
  [USERS_PATTERNS.saveQuestion]: WithPathId<IdDto>;
  [USERS_PATTERNS.unsaveQuestion]: WithPathId<IdDto>;
  [USERS_PATTERNS.readTutorial]: WithPathId<IdDto>;
  [USERS_PATTERNS.listAdmins]: Record<string, never>;
  [USERS_PATTERNS.rename]: RenameMessageDto;
  [USERS_PATTERNS.labEngine]: LabEngineMessageDto;
  [USERS_PATTERNS.deleteAccount]: DeleteAccountMessageDto;
  [USERS_PATTERNS.authorsByEmail]: AuthorsByEmailDto;
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
  [USERS_PATTERNS.rename]: UserProfile;
  [USERS_PATTERNS.labEngine]: UserProfile;
  [USERS_PATTERNS.deleteAccount]: { deleted: true };
  [USERS_PATTERNS.authorsByEmail]: AuthorsByEmail;
  [USERS_PATTERNS.health]: { status: 'ok' };
}
