import { useCallback, useLayoutEffect, useRef, useState } from 'react';

// The server's words for a query that did not run (docs/api-contract.md "An attempt", "A check"): an
// SQLite error "Line 2: no such table: x" or a refusal "ATTACH is not allowed here (line 2).", as the
// whole attempt message or after the check's prefix. The answer carries no separate line field.
const REFERENCE_PREFIX = "The reference query does not run on the course's sandbox: ";
const SQLITE_ERROR = /^Line (\d+): /;
const REFUSAL = / is not allowed here \(line (\d+)\)\.$/;

/**
 * The line of the query a server message names, or null. Only the query's own errors count: "The check
 * could not be run: Line 1: …" is about the hidden reference, not the learner's text.
 */
export function failedLine(message: string, { reference = false } = {}): number | null {
  let text = message;
  if (reference) {
    if (!text.startsWith(REFERENCE_PREFIX)) return null;
    text = text.slice(REFERENCE_PREFIX.length);
  }
  const match = SQLITE_ERROR.exec(text) ?? REFUSAL.exec(text);
  return match ? Number(match[1]) : null;
}

/**
 * The line to mark in a query's editor (LazySqlEditor's `markedLine`, as a lesson's Run marks it): set
 * from the server's answer about `sent`, unless the text was edited while the server worked; the editor
 * clears it with the next edit. `clear` before sending again.
 */
export function useFailedLine(text: string) {
  const [markedLine, setMarkedLine] = useState<{ line: number } | null>(null);
  const currentText = useRef(text);
  useLayoutEffect(() => {
    currentText.current = text;
  });
  const clear = useCallback(() => setMarkedLine(null), []);
  const markFrom = useCallback((sent: string, line: number | null) => {
    // A new object each time, so a line an edit unmarked is marked again by the next failure.
    setMarkedLine(line !== null && sent === currentText.current ? { line } : null);
  }, []);
  return { markedLine, clear, markFrom };
}
