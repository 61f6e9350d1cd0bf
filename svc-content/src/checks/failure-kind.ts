import { type CheckKind, HIDDEN_DATA_MESSAGE } from '@dblearn/contracts';
import { MISSING_ORDER_MESSAGE } from '@dblearn/lab';
import type { CheckFailureKind } from '@dblearn/contracts/dto';

/**
 * The kind of a failed attempt (CHECK_FAILURE_KINDS), for authors' analysis: read from the grader's
 * message, whose wordings are fixed templates (libs/lab grading.ts gradeRows and hiddenDifference,
 * sql-runner/check-grading.ts, the lab engines' caps, ChecksService's time limit). A message that is
 * none of them is the engine's own: the answer did not run.
 */
export function failureKindOf(checkKind: CheckKind, message: string): CheckFailureKind {
  if (checkKind === 'quiz') return 'quiz';
  const kind = messageKind(message);
  // A state check compares the tables after the statements: any difference of rows is "the state differs".
  if (checkKind === 'state' && ROW_KINDS.has(kind)) return 'state';
  return kind;
}

const ROW_KINDS: ReadonlySet<CheckFailureKind> = new Set(['columns', 'order', 'missing-rows', 'extra-rows', 'duplicates', 'null', 'boundary', 'values']);

/** Checked in order: the first pattern the message matches names its kind. */
const PATTERNS: readonly (readonly [RegExp, CheckFailureKind])[] = [
  [/ran longer than .* and was stopped/, 'timeout'],
  [/too large \(over|the result has more than \d+ rows/, 'too-large'],
  [/half-changed/, 'atomicity'],
  [/should hold, but it does not|should be refused after yours|should still run after yours/, 'constraint'],
  [/^After your statements the check's query fails/, 'error'],
  [/^Expected \d+ columns?, got \d+$|^Your columns are in another order/, 'columns'],
  [/in another order|not in the expected order/, 'order'],
  [/a NULL where a value was expected|a value where NULL was expected|you returned NULL where|where NULL was expected/, 'null'],
  [/\(duplicates/, 'duplicates'],
  [/edge of a condition/, 'boundary'],
  [/^Row \d+: you returned/, 'values'],
  [/some expected rows are missing and others are extra|rows? (?:is|are) missing, e\.g\. .*; \d+ rows? (?:is|are) extra/, 'values'],
  [/some expected rows are missing$|expected rows? (?:is|are) missing/, 'missing-rows'],
  [/some rows are extra|rows? (?:is|are) extra/, 'extra-rows'],
];

function messageKind(message: string): CheckFailureKind {
  if (message === MISSING_ORDER_MESSAGE) return 'order';
  if (message === HIDDEN_DATA_MESSAGE) return 'values';
  const text = message.replace(/\.$/, '');
  for (const [pattern, kind] of PATTERNS) if (pattern.test(text)) return kind;
  return message.trim() === '' ? 'other' : 'error';
}
