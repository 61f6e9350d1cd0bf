import { namedLine } from '@dblearn/lab';

// The server's words for SQL that did not run (docs/api-contract.md "An attempt", "SQL sandbox"): an
// SQLite error "Line 2: no such table: x" or a refusal "ATTACH is not allowed here (line 2).", as the
// whole attempt message or after the sandbox's prefix. The answer carries no separate line field. (A
// check's references: the check editor's refusedField.)
const SANDBOX_PREFIX = 'The sandbox script does not run: ';
/** A hidden variant's failure names it, then the error: "The hidden variant does not run: Line 3: …". */
const HIDDEN_ERROR = /\bhidden variant\b[^:]*: (.*)$/is;

/** Whose message it is: a learner's attempt, a course's sandbox script or its hidden variant (admin). */
export type FailedText = 'attempt' | 'sandbox' | 'hidden';

/** The part of `message` that is the text's own error, or null when the message is about something else. */
function ownError(message: string, of: FailedText): string | null {
  switch (of) {
    case 'attempt':
      return message;
    case 'sandbox':
      // An SQL script's failure follows the prefix; a JSON sandbox's syntax error is the whole message
      // ("Line 3: the sandbox is not valid JSON (…)."), its other refusals name no line.
      if (isAboutHidden(message)) return null;
      return message.startsWith(SANDBOX_PREFIX) ? message.slice(SANDBOX_PREFIX.length) : message;
    case 'hidden':
      return HIDDEN_ERROR.exec(message)?.[1] ?? null;
  }
}

/** A sandbox save's 400 about the hidden variant (shown under it), not the visible script. */
export function isAboutHidden(message: string): boolean {
  return /\bhidden variant\b/i.test(message);
}

/**
 * The line of the text a server message names, or null. Only the text's own errors count: "The check
 * could not be run: Line 1: …" is about the hidden reference, not the learner's text.
 */
export function failedLine(message: string, { of = 'attempt' }: { of?: FailedText } = {}): number | null {
  const text = ownError(message, of);
  return text === null ? null : namedLine(text);
}
