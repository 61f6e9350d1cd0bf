import { atLine, refusedAt, statementLine } from '@dblearn/lab';
import type { SqlRunResult } from './sql-result.js';

// Only the SQL runner (loaded with the first Run) needs these: the result views stay free of the text scanning.

/**
 * How the worker answers a statement that failed: SQLite's message (or what the lab's rule refused)
 * and the offset in the query where the statement starts.
 */
export type FailedStatement = { kind: 'error'; message: string; offset: number; refused?: string };

/**
 * A failed statement's message with the line it starts on, as the server words it: "Line 3: no
 * such table: x", or "ATTACH is not allowed here (line 2).".
 */
export function withStatementLine(sql: string, answer: SqlRunResult | FailedStatement): SqlRunResult {
  if (answer.kind !== 'error' || !('offset' in answer)) return answer;
  const line = statementLine(sql, answer.offset);
  return { kind: 'error', message: answer.refused ? refusedAt(answer.refused, line) : atLine(line, answer.message), line };
}
