// Apart from limits.ts so the browser's session code (@dblearn/web, on every page's first load)
// does not carry every form's limits with it.

/** SPEC §4, §9: where the browser keeps the session and how it sends it. */
export const TOKEN_STORAGE_KEY = 'token';
export const AUTH_HEADER = 'x-auth-token';
