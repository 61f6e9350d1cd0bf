/**
 * The sentences svc-content and svc-users answer about a learner's answers to checks, written once
 * so the servers and the front ends' msw handlers say the same thing.
 */
import type { Quiz } from '@dblearn/contracts';
import { quizAnswerRefusal } from './quiz-grading.js';

/** A check as far as the shape of its answer goes. */
export type CheckAnswerShape = { kind: 'query' | 'state' | 'mongo' } | { kind: 'quiz'; quiz: Quiz };

/** 400 wording when an attempt's body is not what the check's kind takes, or null. */
export function checkAnswerRefusal(check: CheckAnswerShape, answer: { sql?: unknown; query?: unknown; answer?: unknown; engine?: unknown }): string | null {
  if (answer.engine !== undefined && check.kind !== 'query' && check.kind !== 'state') return ENGINE_NOT_ALLOWED_MESSAGE;
  switch (check.kind) {
    case 'query':
    case 'state':
      return answer.sql === undefined ? 'This check takes sql.' : null;
    case 'mongo':
      return answer.query === undefined ? 'This check takes a mongo query.' : null;
    case 'quiz':
      return answer.answer === undefined ? 'This check takes an answer.' : quizAnswerRefusal(check.quiz, answer.answer);
  }
}

/** 400 wording for an engine sent with a mongo or quiz answer (issue 32: only SQL checks run on either engine). */
export const ENGINE_NOT_ALLOWED_MESSAGE = 'engine is for SQL checks only: leave it out of a mongo or quiz answer.';

/** Longest task quoted in the 409, in characters (a longer one is cut with an ellipsis). */
const QUOTED_TASK_LENGTH = 80;

/** 409 wording when a checked project is finished before every check passed. */
export function checksLeftMessage(tasks: readonly string[]): string {
  const quoted = tasks.map((task) => `“${task.length > QUOTED_TASK_LENGTH ? `${task.slice(0, QUOTED_TASK_LENGTH - 1)}…` : task}”`).join(', ');
  return `Pass every check of this project before finishing it: ${tasks.length} ${tasks.length === 1 ? 'check is' : 'checks are'} left: ${quoted}`;
}
