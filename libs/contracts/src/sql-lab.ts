/**
 * What both the server (svc-content's SQL runner) and the browser (a lesson's ```sql block) read in a
 * learner's SQL without running it: which statements are refused, and on which line a statement
 * starts. Comments, string literals and quoted names are blanked first (same length, line breaks
 * kept), so a word inside them never counts.
 */
import { lineAt, refusedAt } from './lab-text.js';

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

/**
 * PRAGMAs that only describe the schema or set a harmless per-connection switch. Every other one
 * is refused: some read or write files (the server's workers share an in-memory file system
 * between runs), some change how later statements behave in ways a lesson or a check never needs.
 */
const ALLOWED_PRAGMAS = new Set([
  'table_info',
  'table_xinfo',
  'table_list',
  'index_list',
  'index_info',
  'index_xinfo',
  'foreign_key_list',
  'foreign_keys',
  'foreign_key_check',
  'collation_list',
]);

/**
 * Why the SQL is refused before it runs, with the line of the refused word, or null (CONTRACT
 * "Runnable SQL"): ATTACH/DETACH/VACUUM touch database files, load_extension loads code.
 */
export function sqlRefusal(sql: string): { message: string; line: number } | null {
  const text = blankLiterals(sql);
  const refused = (what: string, offset: number) => {
    const line = lineAt(sql, offset);
    return { message: refusedAt(what, line), line };
  };
  const word = /\b(ATTACH|DETACH|VACUUM)\b/i.exec(text);
  if (word?.[1]) return refused(word[1].toUpperCase(), word.index);
  const extension = /\bload_extension\s*\(/i.exec(text);
  if (extension) return refused('load_extension', extension.index);
  const pragmas = /\bPRAGMA\s+(?:\w+\s*\.\s*)?(\w+)/gi;
  for (let match = pragmas.exec(text); match; match = pragmas.exec(text)) {
    const name = match[1] ?? '';
    if (!ALLOWED_PRAGMAS.has(name.toLowerCase())) return refused(`PRAGMA ${name}`, match.index);
  }
  return null;
}
