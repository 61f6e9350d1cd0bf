import { describe, expect, it } from '@jest/globals';
import { HIDDEN_DATA_MESSAGE } from '@dblearn/contracts';
import { gradeRows, HALF_CHANGED_MESSAGE, hiddenDifference, MISSING_ORDER_MESSAGE, type QueryResult } from '@dblearn/lab';
import { failureKindOf } from './failure-kind.js';

const result = (columns: string[], rows: QueryResult['rows']): QueryResult => ({ columns, rows });
const expected = result(['id', 'year'], [[1, 1990], [2, 1985], [3, 2001]]);
/** The grader's own messages, so a reworded template fails here rather than quietly becoming 'error'. */
const visible = (actual: QueryResult, order = false) => gradeRows(expected, actual, order).message;
const hidden = (actual: QueryResult, order = false, literals: number[] = []) => hiddenDifference(expected, actual, order, {}, literals).message;

describe('failureKindOf: the grader’s verdict as a kind', () => {
  it('reads the visible data’s verdicts', () => {
    expect(failureKindOf('query', visible(result(['id'], [[1]])))).toBe('columns');
    expect(failureKindOf('query', 'Your columns are in another order: expected id, year.')).toBe('columns');
    expect(failureKindOf('query', visible(result(['a', 'b'], [[3, 2001], [1, 1990], [2, 1985]]), true))).toBe('order');
    expect(failureKindOf('query', visible(result(['a', 'b'], [[1, 1990], [2, 1985], [3, 2002]])))).toBe('values');
    expect(failureKindOf('query', visible(result(['a', 'b'], [[1, 1990], [2, 1985], [3, null]])))).toBe('null');
    expect(failureKindOf('query', visible(result(['a', 'b'], [[1, 1990], [2, 1985]])))).toBe('missing-rows');
    expect(failureKindOf('query', visible(result(['a', 'b'], [...expected.rows, [4, 1970]])))).toBe('extra-rows');
    expect(failureKindOf('query', MISSING_ORDER_MESSAGE)).toBe('order');
  });

  it('reads the hidden data’s kinds of difference', () => {
    expect(failureKindOf('query', hidden(result(['a', 'b'], [[3, 2001], [1, 1990], [2, 1985]]), true))).toBe('order');
    expect(failureKindOf('query', hidden(result(['a', 'b'], [[1, 1990], [2, null], [3, 2001]])))).toBe('null');
    expect(failureKindOf('query', hidden(result(['a', 'b'], [...expected.rows, [3, 2001]])))).toBe('duplicates');
    expect(failureKindOf('mongo', hidden(result(['a', 'b'], [[1, 1990], [2, 1985]]), false, [2001]))).toBe('boundary');
    expect(failureKindOf('query', hidden(result(['a', 'b'], [[1, 1990], [2, 1985]])))).toBe('missing-rows');
    expect(failureKindOf('query', hidden(result(['a', 'b'], [...expected.rows, [4, 1970]])))).toBe('extra-rows');
    expect(failureKindOf('query', hidden(result(['a', 'b'], [[1, 1990], [2, 1985], [9, 1234]])))).toBe('values');
    expect(failureKindOf('query', HIDDEN_DATA_MESSAGE)).toBe('values');
  });

  it('a state check’s row differences are "state"; its probes and atomicity have their own kinds', () => {
    expect(failureKindOf('state', visible(result(['a', 'b'], [[1, 1990], [2, 1985]])))).toBe('state');
    expect(failureKindOf('state', HIDDEN_DATA_MESSAGE)).toBe('state');
    expect(failureKindOf('state', HALF_CHANGED_MESSAGE)).toBe('atomicity');
    expect(failureKindOf('state', 'This statement should be refused after yours, but it ran: INSERT INTO t VALUES (1)')).toBe('constraint');
    expect(failureKindOf('state', 'After your statements this should hold, but it does not: SELECT 1')).toBe('constraint');
    expect(failureKindOf('state', "After your statements the check's query fails: no such table: t")).toBe('error');
  });

  it('time, size, engine errors and quizzes', () => {
    expect(failureKindOf('query', 'Your query ran longer than 2 s and was stopped.')).toBe('timeout');
    expect(failureKindOf('query', 'Your result is too large (over 4 MB); add a LIMIT.')).toBe('too-large');
    expect(failureKindOf('query', 'Line 1: near "SELEC": syntax error')).toBe('error');
    expect(failureKindOf('mongo', 'Unknown operator $matc')).toBe('error');
    expect(failureKindOf('quiz', 'Not quite: 1 is missing.')).toBe('quiz');
    expect(failureKindOf('query', '')).toBe('other');
  });
});
