import type { RunFailure } from './run-error.js';

/** What one run answers: the last statement that has columns, a statement's summary, or why it failed (with its line). */
export type SqlRunResult = { kind: 'table'; columns: string[]; rows: SqlCell[][] } | { kind: 'done'; message: string } | RunFailure;

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

/** How long a query may run in the browser before its worker is stopped. */
export const RUN_LIMIT_MS = 5000;

export const TIMED_OUT_MESSAGE = 'Your query ran longer than 5 s and was stopped.';
