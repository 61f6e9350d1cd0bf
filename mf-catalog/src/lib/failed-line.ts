import { namedLine } from '@dblearn/contracts';

// The server's words for SQL that did not run (docs/api-contract.md "An attempt", "A check", "SQL
// sandbox"): an SQLite error "Line 2: no such table: x" or a refusal "ATTACH is not allowed here (line 2).",
// as the whole attempt message or after the check's or the sandbox's prefix. The answer carries no
// separate line field.
const REFERENCE_PREFIX = "The reference query does not run on the course's sandbox: ";
const SANDBOX_PREFIX = 'The sandbox script does not run: ';

/** Whose message it is: a learner's attempt, a check's reference query (admin), a course's sandbox script (admin). */
export type FailedText = 'attempt' | 'reference' | 'sandbox';

/** The part of `message` that is the text's own error, or null when the message is about something else. */
function ownError(message: string, of: FailedText): string | null {
  switch (of) {
    case 'attempt':
      return message;
    case 'reference':
      return message.startsWith(REFERENCE_PREFIX) ? message.slice(REFERENCE_PREFIX.length) : null;
    case 'sandbox':
      // An SQL script's failure follows the prefix; a JSON sandbox's syntax error is the whole message
      // ("Line 3: the sandbox is not valid JSON (…)."), its other refusals name no line.
      return message.startsWith(SANDBOX_PREFIX) ? message.slice(SANDBOX_PREFIX.length) : message;
  }
}

/**
 * The line of the text a server message names, or null. Only the text's own errors count: "The check
 * could not be run: Line 1: …" is about the hidden reference, not the learner's text.
 */
export function failedLine(message: string, { of = 'attempt' }: { of?: FailedText } = {}): number | null {
  const text = ownError(message, of);
  return text === null ? null : namedLine(text);
}
