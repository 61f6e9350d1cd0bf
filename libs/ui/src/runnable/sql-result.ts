import type { RunFailure } from './run-error.js';

/** One statement's result: its columns and rows. */
export interface SqlTable {
  columns: string[];
  rows: SqlCell[][];
}

/**
 * What one run answers: the one statement that has columns ('table'), every one of them in order
 * when there are several ('tables'), a statement's summary, why it failed (with its line), or, for
 * a block that must fail, the failure it was meant to show ('refused').
 */
export type SqlRunResult =
  | ({ kind: 'table' } & SqlTable)
  | { kind: 'tables'; tables: SqlTable[] }
  | { kind: 'done'; message: string }
  | { kind: 'refused'; message: string }
  | RunFailure;

/** How many rows of each table the schema view shows. */
export const SCHEMA_SAMPLE_ROWS = 3;

/** A ```sql must-fail block that ran through. */
export const RAN_BUT_MUST_FAIL = 'This example should be refused, but every statement ran.';

/**
 * A ```sql must-fail example's outcome: a statement's failure (it names a line) is what it was
 * meant to show, "Refused as expected: FOREIGN KEY constraint failed"; running through is the
 * surprise. A failure without a line (a time-out, the engine not loading) stays a failure.
 */
export function asDemonstration(result: SqlRunResult): SqlRunResult {
  if (result.kind !== 'error') return { kind: 'error', message: RAN_BUT_MUST_FAIL };
  if (result.line === undefined) return result;
  return { kind: 'refused', message: `Refused as expected: ${result.message.replace(/^Line \d+: /, '')}` };
}

export type SqlCell = string | number | null | Uint8Array;

/**
 * One foreign key constraint as SQLite's catalog lists it: its columns, the table it refers to and
 * the columns there (null where the constraint names only the table: its primary key).
 */
export interface SqlForeignKey {
  table: string;
  from: string[];
  to: (string | null)[];
}

/** A table of a SQL sandbox as the schema view and its diagram show it. */
export interface SqlTableSchema {
  name: string;
  columns: { name: string; type: string; notNull: boolean; primaryKey: boolean }[];
  foreignKeys: SqlForeignKey[];
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
