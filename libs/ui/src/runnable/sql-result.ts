/** What the SQL worker answers for one run (the last statement that has columns, or an error). */
export type SqlRunResult =
  | { kind: 'table'; columns: string[]; rows: SqlCell[][] }
  | { kind: 'done'; message: string }
  | { kind: 'error'; message: string };

export type SqlCell = string | number | null | Uint8Array;

/** A table of a SQL sandbox as the schema view shows it. */
export interface SqlTableSchema {
  name: string;
  columns: { name: string; type: string; notNull: boolean; primaryKey: boolean }[];
  rowCount: number;
  /** The first few rows, in column order. */
  rows: SqlCell[][];
}

/** How a cell reads in the result table: NULL spelt out, a BLOB as x'hex' (as the server's attempts show it). */
export function formatCell(cell: SqlCell): string {
  if (cell === null) return 'NULL';
  if (cell instanceof Uint8Array) return `x'${Array.from(cell, (byte) => byte.toString(16).padStart(2, '0')).join('')}'`;
  return String(cell);
}

/** "1 row", "12 rows", "No rows". */
export function rowCountLabel(count: number): string {
  if (count === 0) return 'No rows';
  return count === 1 ? '1 row' : `${count} rows`;
}

/** The result table shows at most this many rows; the count still names them all. */
export const SHOWN_ROWS = 200;

const REFUSED = /\b(ATTACH|DETACH|VACUUM|load_extension)\b/i;

/**
 * Blanks out what cannot be a statement word: string literals, quoted names and comments, so
 * `SELECT 'attach'` is not refused (CONTRACT "Runnable SQL": words inside strings do not count).
 */
export function codeOnly(sql: string): string {
  return sql.replace(/'(?:[^']|'')*'|"(?:[^"]|"")*"|`[^`]*`|\[[^\]]*\]|--[^\n]*|\/\*[\s\S]*?(?:\*\/|$)/g, (match) => match.replace(/[^\n]/g, ' '));
}

/** The refusal message for a query the browser will not run (files are out of reach), or null. */
export function refusedStatement(sql: string): string | null {
  const code = codeOnly(sql);
  const found = REFUSED.exec(code);
  if (found?.[1]) {
    const line = code.slice(0, found.index).split('\n').length;
    const word = found[1].toLowerCase() === 'load_extension' ? 'load_extension' : found[1].toUpperCase();
    return `${word} is not allowed here (line ${line}).`;
  }
  for (const pragma of code.matchAll(/\bPRAGMA\s+(?:\w+\s*\.\s*)?(\w+)/gi)) {
    const name = pragma[1] ?? '';
    if (!ALLOWED_PRAGMAS.has(name.toLowerCase())) return `PRAGMA ${name} is not allowed here (line ${code.slice(0, pragma.index).split('\n').length}).`;
  }
  return null;
}

const ALLOWED_PRAGMAS = new Set(['table_info', 'table_xinfo', 'table_list', 'index_list', 'index_info', 'index_xinfo', 'foreign_key_list', 'foreign_keys', 'foreign_key_check', 'collation_list']);

/** How long a query may run in the browser before its worker is stopped. */
export const RUN_LIMIT_MS = 5000;

export const TIMED_OUT_MESSAGE = 'Your query ran longer than 5 s and was stopped.';
