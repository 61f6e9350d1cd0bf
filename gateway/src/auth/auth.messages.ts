/** What a caller reads when the gateway refuses them; sentences, never library wording. */
export const SIGN_IN_REQUIRED_MESSAGE = 'Sign in to continue.';
export const INVALID_TOKEN_MESSAGE = 'Your session is not valid or has expired. Sign in again.';
export const ACCOUNT_GONE_MESSAGE = 'Your account no longer exists. Sign in again.';
export const ADMIN_ONLY_MESSAGE = 'Only an administrator can do this.';
