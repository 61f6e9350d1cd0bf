/**
 * Every request the gateway sends carries the moment (epoch ms) after which nobody waits for the
 * answer. A service refuses work whose deadline has passed, and checks again before it writes, so a
 * 503 at the gateway means nothing was written (issue 6, finding 3).
 */
export const DEADLINE_HEADER = 'dblearn-deadline';

/** The gateway's deadline is this much before its own timeout: time for a write begun just before it to finish. */
export const DEADLINE_MARGIN_MS = 250;

export const DEADLINE_PASSED_MESSAGE = 'The service is too busy right now. Try again in a moment.';
