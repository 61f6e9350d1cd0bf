import { describe, expect, it } from '@jest/globals';
import { compareResults, type QueryResult } from './compare-results.js';

const result = (columns: string[], rows: QueryResult['rows']): QueryResult => ({ columns, rows });
const three = result(['id', 'name'], [[1, 'Ada'], [2, 'Edgar'], [3, null]]);

describe('compareResults', () => {
  it('passes the same rows in another order when the reference does not order', () => {
    expect(compareResults(three, result(['id', 'name'], [[3, null], [1, 'Ada'], [2, 'Edgar']]), false)).toEqual({ passed: true, message: 'Passed: your result matches.' });
  });

  it('fails the same rows in another order when the reference orders, naming the first row out of place', () => {
    const verdict = compareResults(three, result(['id', 'name'], [[1, 'Ada'], [3, null], [2, 'Edgar']]), true);
    expect(verdict).toEqual({ passed: false, message: 'Row 2 differs: the rows are right but not in the expected order.' });
  });

  it('counts columns before anything else', () => {
    expect(compareResults(result(['a', 'b', 'c'], [[1, 2, 3]]), result(['a', 'b'], [[1, 2]]), false)).toEqual({ passed: false, message: 'Expected 3 columns, got 2.' });
    expect(compareResults(result(['a'], [[1]]), result(['a', 'b'], [[1, 2]]), false).message).toBe('Expected 1 column, got 2.');
  });

  it('ignores column names: an alias is not a mistake', () => {
    expect(compareResults(three, result(['member_id', 'member'], three.rows), true).passed).toBe(true);
  });

  it('names missing and extra rows', () => {
    expect(compareResults(three, result(['id', 'name'], [[1, 'Ada']]), false).message).toBe('Missing 2 rows.');
    expect(compareResults(three, result(['id', 'name'], [[1, 'Ada'], [2, 'Edgar']]), true).message).toBe('Missing 1 row.');
    expect(compareResults(result(['id'], [[1]]), result(['id'], [[1], [1]]), false).message).toBe('1 row too many.');
  });

  it('names the first row that differs, in the learner’s numbering', () => {
    const got = result(['id', 'name'], [[1, 'Ada'], [2, 'Edgar'], [4, 'Grace']]);
    expect(compareResults(three, got, false).message).toBe('Row 3 differs (1 expected row is missing).');
    expect(compareResults(three, got, true).message).toBe('Row 3 differs.');
  });

  it('treats duplicates as rows of their own (a multiset, not a set)', () => {
    const twice = result(['id'], [[1], [1], [2]]);
    expect(compareResults(twice, result(['id'], [[1], [2], [2]]), false)).toEqual({ passed: false, message: 'Row 3 differs (1 expected row is missing).' });
  });

  it('takes 1 and 1.0 as one value, and float noise as none', () => {
    expect(compareResults(result(['n'], [[1], [0.3]]), result(['n'], [[1.0], [0.1 + 0.2]]), true).passed).toBe(true);
  });

  it('keeps text apart from numbers, and NULL apart from empty text and from the text "null"', () => {
    expect(compareResults(result(['n'], [[1]]), result(['n'], [['1']]), false).passed).toBe(false);
    expect(compareResults(result(['n'], [[null]]), result(['n'], [['']]), false).passed).toBe(false);
    expect(compareResults(result(['n'], [[null]]), result(['n'], [['null']]), false).passed).toBe(false);
    expect(compareResults(result(['n'], [[null]]), result(['n'], [[null]]), false).passed).toBe(true);
  });

  it('passes two empty results with the same columns', () => {
    expect(compareResults(result(['a'], []), result(['x'], []), true).passed).toBe(true);
  });
});
