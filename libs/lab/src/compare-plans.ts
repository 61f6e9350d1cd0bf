/**
 * A ```sql compare-plans block (README "Content authors"): two variants of a script separated by a
 * line starting `-- after:` (what follows the colon is a caption). Each variant runs on a fresh copy
 * of the sandbox and shows the plan of its last statement, so a lesson puts a query above the line
 * and the same query after a CREATE INDEX below it. The browser and svc-content's content check
 * split the block with this one rule.
 */
export interface ComparedPlans {
  before: string;
  after: string;
  /** Where the variant below the line starts in the block's text (a failure's line is counted from the block's start). */
  afterOffset: number;
  /** The caption after `-- after:`, or ''. */
  caption: string;
}

const AFTER_LINE = /^--[ \t]*after:[ \t]*(.*)$/gim;

/** The block's two variants, or why it is not a compare-plans block an author can ship (no line, or more than one). */
export function splitComparedPlans(code: string): ComparedPlans | { error: string } {
  const lines = [...code.matchAll(AFTER_LINE)];
  const [line] = lines;
  if (!line || lines.length > 1) return { error: 'A ```sql compare-plans block needs exactly one line starting "-- after:" between its two variants.' };
  const afterOffset = line.index + line[0].length + 1;
  const before = code.slice(0, line.index);
  const after = code.slice(afterOffset);
  if (before.trim() === '' || after.trim() === '') return { error: 'Both variants of a ```sql compare-plans block need a statement to explain.' };
  return { before, after, afterOffset, caption: (line[1] ?? '').trim() };
}
