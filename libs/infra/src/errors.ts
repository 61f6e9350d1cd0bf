/**
 * A failure the person at the keyboard can fix: the message says what is wrong and what to do.
 * The CLI prints it without a stack trace and exits non-zero.
 */
export class UserFacingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UserFacingError';
  }
}

/** A server binary could not be found or installed. */
export class ToolMissingError extends UserFacingError {
  constructor(message: string) {
    super(message);
    this.name = 'ToolMissingError';
  }
}
