import { atLine, refusedAt } from '../lab-text.js';
import { statementLine } from '../sql-lab.js';
import type { FailedStatement } from './protocol.js';

/** A failure as the page shows it: its message, with the line it names. */
export interface StatementFailure {
  kind: 'error';
  message: string;
  line: number;
}

/**
 * A failed statement's message with the line it starts on, as the server words it: "Line 3: no
 * such table: x", or "ATTACH is not allowed here (line 2).". Any other answer is kept as it is.
 */
export function withStatementLine<Answer extends { kind: string }>(sql: string, answer: Answer | FailedStatement): Answer | StatementFailure {
  if (answer.kind !== 'error' || !('offset' in answer)) return answer as Answer;
  const failed = answer as FailedStatement;
  const line = statementLine(sql, failed.offset);
  return { kind: 'error', message: failed.refused ? refusedAt(failed.refused, line) : atLine(line, failed.message), line };
}
