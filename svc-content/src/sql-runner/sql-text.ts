/**
 * What svc-content reads in a SQL text without running it: which statements it refuses, and whether
 * a reference query orders its result. Comments, string literals and quoted names are blanked first
 * (same length, line breaks kept), so a word inside them never counts.
 */
import { lineAt } from '@dblearn/contracts';

/** The SQL with comments, 'strings', "names", `names` and [names] turned into spaces (line breaks kept). */
export function blankLiterals(sql: string): string {
  let out = '';
  let i = 0;
  const blank = (text: string) => text.replace(/[^\n]/g, ' ');
  while (i < sql.length) {
    const c = sql[i];
    const end = literalEnd(sql, i);
    if (end > i) {
      out += blank(sql.slice(i, end));
      i = end;
    } else {
      out += c;
      i += 1;
    }
  }
  return out;
}

/** Where the comment or quoted text starting at `i` ends (exclusive); `i` when none starts there. */
function literalEnd(sql: string, i: number): number {
  const c = sql[i];
  if (c === '-' && sql[i + 1] === '-') {
    const nl = sql.indexOf('\n', i);
    return nl === -1 ? sql.length : nl;
  }
  if (c === '/' && sql[i + 1] === '*') {
    const close = sql.indexOf('*/', i + 2);
    return close === -1 ? sql.length : close + 2;
  }
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
 * PRAGMAs that only describe the schema or set a harmless per-connection switch. Every other one
 * is refused: some read or write files (the worker's in-memory file system is shared by the runs
 * of one worker), some change how later statements behave in ways a check never needs.
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

/** Why the SQL is refused before it runs, or null. ATTACH/DETACH/VACUUM touch database files; load_extension loads code. */
export function refusal(sql: string): string | null {
  const text = blankLiterals(sql);
  const word = /\b(ATTACH|DETACH|VACUUM)\b/i.exec(text);
  if (word?.[1]) return `${word[1].toUpperCase()} is not allowed here (line ${lineAt(sql, word.index)}).`;
  const extension = /\bload_extension\s*\(/i.exec(text);
  if (extension) return `load_extension is not allowed here (line ${lineAt(sql, extension.index)}).`;
  const pragmas = /\bPRAGMA\s+(?:\w+\s*\.\s*)?(\w+)/gi;
  for (let match = pragmas.exec(text); match; match = pragmas.exec(text)) {
    const name = match[1] ?? '';
    if (!ALLOWED_PRAGMAS.has(name.toLowerCase())) return `PRAGMA ${name} is not allowed here (line ${lineAt(sql, match.index)}).`;
  }
  return null;
}

/** 1-based line of the first character at or after `offset` that is not white space (shared with the mongo labs). */
export { lineAt };

/** True when the last statement has ORDER BY outside every parenthesis: its result order is part of the answer. */
export function ordersAtTopLevel(sql: string): boolean {
  const text = blankLiterals(sql);
  let depth = 0;
  let statementStart = 0;
  let lastStatement = '';
  for (let i = 0; i <= text.length; i += 1) {
    const c = text[i];
    if (c === '(') depth += 1;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if (i === text.length || (c === ';' && depth === 0)) {
      const statement = topLevelOnly(text.slice(statementStart, i));
      if (statement.trim()) lastStatement = statement;
      statementStart = i + 1;
    }
  }
  return /\bORDER\s+BY\b/i.test(lastStatement);
}

/** The statement with everything inside parentheses removed. */
function topLevelOnly(statement: string): string {
  let depth = 0;
  let out = '';
  for (const c of statement) {
    if (c === '(') depth += 1;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if (depth === 0) out += c;
  }
  return out;
}
