/** Where things are in a lab's text (a ```sql or ```mongo block, a sandbox script): kept apart so a SQL-only page loads no mongo parser. */

/** The 1-based line of `offset` in `text` (leading white space skipped, so the error's own line). */
export function lineAt(text: string, offset: number): number {
  let start = Math.max(0, Math.min(offset, text.length));
  while (start < text.length && /\s/.test(text.charAt(start))) start += 1;
  let line = 1;
  for (let i = 0; i < start; i += 1) if (text[i] === '\n') line += 1;
  return line;
}

/** A lab error that names its line, as the learner reads it and the front ends find it again: "Line 3: no such table: x". */
export function atLine(line: number, message: string): string {
  return `Line ${line}: ${message}`;
}

/** The refusal of a word the labs never run, with its line: "ATTACH is not allowed here (line 2).". */
export function refusedAt(what: string, line: number): string {
  return `${what} is not allowed here (line ${line}).`;
}

/** The line a lab error names in either form above (atLine, refusedAt), or null. */
export function namedLine(message: string): number | null {
  const match = /^Line (\d+): /.exec(message) ?? / is not allowed here \(line (\d+)\)\.$/.exec(message);
  return match ? Number(match[1]) : null;
}
