/** Issue 17 #9: what a caller reads when a request carries text that is not well-formed Unicode. */
export const ILL_FORMED_TEXT_MESSAGE = 'The request holds text that is not well-formed Unicode (a lone UTF-16 surrogate such as \\ud800). Send whole characters only.';

/** Deeper than any body the gateway lets through (JSON_MAX_DEPTH): what lies below is not looked at. */
const MAX_DEPTH = 64;

/** String.prototype.isWellFormed (ES2024; our `lib` is ES2023): no lone surrogate. */
function isWellFormed(text: string): boolean {
  return (text as string & { isWellFormed(): boolean }).isWellFormed();
}

/**
 * True when every string in a parsed request value (a body, a query, a message payload; object keys
 * included) is well-formed Unicode. A lone surrogate ("ab\ud800c@example.org") made validators and
 * encoders throw deep inside (a 500 with a stack trace): it is refused before any of them runs.
 */
export function isWellFormedDeep(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return isWellFormed(value);
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return true;
  if (Array.isArray(value)) return value.every((item) => isWellFormedDeep(item, depth + 1));
  return Object.entries(value).every(([key, item]) => isWellFormed(key) && isWellFormedDeep(item, depth + 1));
}
