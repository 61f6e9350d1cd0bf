import type { SqlCell, SqlTable } from '@dblearn/lab';
import type { RunFailure } from './run-error.js';

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
