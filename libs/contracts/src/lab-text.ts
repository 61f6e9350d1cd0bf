/** Where things are in a lab's text (a ```sql or ```mongo block, a sandbox script): kept apart so a SQL-only page loads no mongo parser. */

/** The 1-based line of `offset` in `text` (leading white space skipped, so the error's own line). */
export function lineAt(text: string, offset: number): number {
  let start = Math.max(0, Math.min(offset, text.length));
  while (start < text.length && /\s/.test(text.charAt(start))) start += 1;
  let line = 1;
  for (let i = 0; i < start; i += 1) if (text[i] === '\n') line += 1;
  return line;
}
