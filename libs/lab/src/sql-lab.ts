/**
 * What both the server (svc-content's SQL runner) and the browser (a lesson's ```sql block) read in a
 * learner's SQL without running it: on which line a statement starts, and the text with its
 * literals blanked (for reading a reference's ORDER BY). What may run is not decided here but on
 * each statement as SQLite splits it: sql-lab-engine.ts.
 */
import { lineAt } from './lab-text.js';

/** The SQL with comments, 'strings', "names", `names` and [names] turned into spaces (line breaks kept). */
export function blankLiterals(sql: string): string {
  let out = '';
  let i = 0;
  const blank = (text: string) => text.replace(/[^\n]/g, ' ');
  while (i < sql.length) {
    const end = literalEnd(sql, i);
    if (end > i) {
      out += blank(sql.slice(i, end));
      i = end;
    } else {
      out += sql[i];
      i += 1;
    }
  }
  return out;
}

/** Where the comment starting at `i` ends (exclusive); `i` when none starts there. */
function commentEnd(sql: string, i: number): number {
  if (sql[i] === '-' && sql[i + 1] === '-') {
    const nl = sql.indexOf('\n', i);
    return nl === -1 ? sql.length : nl;
  }
  if (sql[i] === '/' && sql[i + 1] === '*') {
    const close = sql.indexOf('*/', i + 2);
    return close === -1 ? sql.length : close + 2;
  }
  return i;
}

/** Where the comment or quoted text starting at `i` ends (exclusive); `i` when none starts there. */
function literalEnd(sql: string, i: number): number {
  const comment = commentEnd(sql, i);
  if (comment > i) return comment;
  const c = sql[i];
  const closer = c === "'" ? "'" : c === '"' ? '"' : c === '`' ? '`' : c === '[' ? ']' : null;
  if (!closer) return i;
  let j = i + 1;
  while (j < sql.length) {
    if (sql[j] === closer) {
      // '' inside a string (and "" inside a name) is an escaped quote, not the end.
      if (closer !== ']' && sql[j + 1] === closer) j += 2;
      else return j + 1;
    } else j += 1;
  }
  return sql.length;
}

/**
 * The 1-based line of the statement that starts at `offset` (where SQLite was asked to prepare it):
 * white space, comments and empty statements (a stray `;`, which SQLite skips) before its first word
 * do not count, so "-- books\nSELEC 1" fails on line 2.
 */
export function statementLine(sql: string, offset: number): number {
  let at = Math.max(0, Math.min(offset, sql.length));
  for (;;) {
    while (at < sql.length && /[\s;]/.test(sql.charAt(at))) at += 1;
    const end = commentEnd(sql, at);
    if (end === at) return lineAt(sql, at);
    at = end;
  }
}
