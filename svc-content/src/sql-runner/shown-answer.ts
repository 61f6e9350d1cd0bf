import { ATTEMPT_SHOWN_BYTES, SHOWN_VALUE_CHARS, type SqlValue } from '@dblearn/contracts';
import type { GradedAttempt } from '@dblearn/lab';
import type { SqlJobReply } from './sql-jobs.js';

/** A column name is cut to this many characters; to SHORT_NAME_CHARS when there are so many that they would fill the answer. */
const NAME_CHARS = 200;
const SHORT_NAME_CHARS = 16;

/**
 * An attempt's answer as it may travel (NATS carries at most 1 MB, and the learner reads a table):
 * a text longer than SHOWN_VALUE_CHARS is shown cut with "…", long column names are cut, and the
 * shown rows stop once they would pass ATTEMPT_SHOWN_BYTES (`rowCount` still counts them all).
 * The verdict was reached on the whole result; only what is shown is cut. Other replies pass as they are.
 */
export function shownAnswer<Reply extends SqlJobReply | string>(reply: Reply): Reply {
  if (typeof reply !== 'object' || !('passed' in reply) || !reply.columns) return reply;
  const budget = { left: ATTEMPT_SHOWN_BYTES };
  const answer: GradedAttempt = { ...reply, columns: shownNames(reply.columns, budget), rows: shownRows(reply.rows ?? [], budget) };
  if (reply.expected) answer.expected = { ...reply.expected, columns: shownNames(reply.expected.columns, budget), rows: shownRows(reply.expected.rows, budget) };
  return answer as Reply;
}

function shownNames(columns: string[], budget: { left: number }): string[] {
  const longest = columns.length * NAME_CHARS * 3 > budget.left / 4 ? SHORT_NAME_CHARS : NAME_CHARS;
  const names = columns.map((name) => cut(name, longest));
  budget.left -= names.reduce((sum, name) => sum + jsonBytes(name), 0);
  return names;
}

function shownRows(rows: SqlValue[][], budget: { left: number }): SqlValue[][] {
  const shown: SqlValue[][] = [];
  for (const row of rows) {
    const values = row.map((value) => (typeof value === 'string' ? cut(value, SHOWN_VALUE_CHARS) : value));
    const bytes = values.reduce((sum: number, value) => sum + jsonBytes(value), 0);
    if (bytes > budget.left) break;
    budget.left -= bytes;
    shown.push(values);
  }
  return shown;
}

function cut(text: string, chars: number): string {
  return text.length > chars ? `${text.slice(0, chars)}…` : text;
}

/** An upper bound of a value's size in the JSON answer (a character is at most 6 bytes escaped; cheaper than encoding it). */
function jsonBytes(value: SqlValue): number {
  if (typeof value === 'string') return value.length * 6 + 3;
  return 24;
}
