/**
 * Broadcast (no queue group) between svc-users instances and the grant-admin task: "this user's
 * document changed, drop any cached copy". Private to svc-users, so it is not in the contracts.
 */
export const PROFILE_CHANGED_SUBJECT = 'svc-users.internal.profile-changed';
