import { describe, expect, it } from '@jest/globals';
import { HIDDEN_DATA_MESSAGE } from '@dblearn/contracts';
import {
  conditionLiterals,
  documentResults,
  documentTieGroups,
  gradeRows,
  hiddenDifference,
  mongoSortFields,
  orderKeyPlan,
  ordersAtTopLevel,
  PASSED_MESSAGE,
  type QueryResult,
  tieGroupsOf,
  withoutLastOrderKey,
  withoutOrderBy,
} from './grading.js';

const result = (columns: string[], rows: QueryResult['rows']): QueryResult => ({ columns, rows });
const people = result(['id', 'name'], [[1, 'Ada'], [2, 'Ben'], [3, 'Cy'], [4, 'Dan']]);

describe('gradeRows: one sentence per thing wrong', () => {
  it('passes the same rows in any order when the reference does not order; names are free', () => {
    expect(gradeRows(people, result(['x', 'y'], [...people.rows].reverse()), false)).toEqual({ passed: true, message: PASSED_MESSAGE });
  });

  it('wrong column count', () => {
    expect(gradeRows(result(['id', 'name', 'total'], [[1, 'a', 2]]), result(['id', 'name'], [[1, 'a']]), false).message).toBe('Expected 3 columns, got 2.');
    expect(gradeRows(result(['id'], [[1]]), result(['id', 'name'], [[1, 'a']]), false).message).toBe('Expected 1 column, got 2.');
  });

  it('the right columns in another order pass where the task states no order, found by name or by values', () => {
    const expected = result(['id', 'name', 'total'], [[1, 'Ada', 10], [2, 'Ben', 20]]);
    expect(gradeRows(expected, result(['name', 'id', 'total'], [['Ada', 1, 10], ['Ben', 2, 20]]), true)).toEqual({ passed: true, message: PASSED_MESSAGE });
    expect(gradeRows(expected, result(['a', 'b', 'c'], [[10, 'Ada', 1], [20, 'Ben', 2]]), true).passed).toBe(true);
    // Their rows in the wrong order are still judged, on the rearranged columns.
    expect(gradeRows(expected, result(['total', 'id', 'name'], [[20, 2, 'Ben'], [10, 1, 'Ada']]), true).message).toBe("The rows are right but not in the expected order: row 1 should be (1, 'Ada', 10).");
  });

  it('the right columns in another order, found by name, fail where the task states the order (columnOrder: strict)', () => {
    const expected = result(['id', 'name', 'total'], [[1, 'Ada', 10], [2, 'Ben', 20]]);
    const got = result(['name', 'id', 'total'], [['Ada', 1, 10], ['Ben', 2, 20]]);
    expect(gradeRows(expected, got, false, { strictColumns: true })).toEqual({ passed: false, message: 'Your columns are in another order: expected id, name, total.' });
  });

  it('the right columns in another order, found by their values when aliases renamed them (strict)', () => {
    const expected = result(['id', 'name', 'total'], [[1, 'Ada', 10], [2, 'Ben', 20]]);
    const got = result(['a', 'b', 'c'], [[10, 'Ada', 1], [20, 'Ben', 2]]);
    expect(gradeRows(expected, got, true, { strictColumns: true }).message).toBe('Your columns are in another order: expected id, name, total.');
  });

  it('a type difference: text that looks like the expected number', () => {
    const expected = result(['id', 'price'], [[1, 3], [2, 12.5], [3, 7]]);
    const got = result(['id', 'price'], [[1, '3.00'], [2, '12.50'], [3, '7.00']]);
    expect(gradeRows(expected, got, false).message).toBe("Row 1: you returned the text '3.00' where the number 3 was expected.");
    const oneWrong = result(['id', 'price'], [[1, 3], [2, '12.50'], [3, 7]]);
    expect(gradeRows(expected, oneWrong, true).message).toBe("Row 2: you returned the text '12.50' where the number 12.5 was expected.");
    const numberForText = result(['code'], [['7']]);
    expect(gradeRows(numberForText, result(['code'], [[7]]), false).message).toBe("Row 1: you returned the number 7 where the text '7' was expected.");
  });

  it('NULL against a value, both ways', () => {
    const expected = result(['id', 'grade'], [[1, 90], [2, 80], [3, 7]]);
    expect(gradeRows(expected, result(['id', 'grade'], [[1, 90], [2, 80], [3, null]]), false).message).toBe('Row 3: you returned NULL where 7 was expected.');
    const withNull = result(['id', 'grade'], [[1, 90], [2, null]]);
    expect(gradeRows(withNull, result(['id', 'grade'], [[1, 90], [2, 7]]), false).message).toBe('Row 2: you returned 7 where NULL was expected.');
  });

  it('missing and extra rows, with counts and the first example of each', () => {
    const got = result(['id', 'name'], [[1, 'Ada'], [2, 'Ben'], [9, 'Zed']]);
    expect(gradeRows(people, got, false).message).toBe("2 expected rows are missing, e.g. (3, 'Cy'); 1 row is extra, e.g. (9, 'Zed').");
    expect(gradeRows(people, result(['id', 'name'], people.rows.slice(0, 3)), false).message).toBe("1 expected row is missing, e.g. (4, 'Dan').");
    expect(gradeRows(people, result(['id', 'name'], [...people.rows, [1, 'Ada'], [5, "O'Hara"]]), false).message).toBe(
      "2 rows are extra, e.g. (1, 'Ada').",
    );
  });

  it('an example quotes text the SQL way and cuts long text', () => {
    const got = result(['id', 'name'], [...people.rows, [5, "O'Hara"]]);
    expect(gradeRows(people, got, false).message).toBe("1 row is extra, e.g. (5, 'O''Hara').");
    const long = result(['t'], [['x'.repeat(60)]]);
    expect(gradeRows(result(['t'], []), long, false).message).toBe(`1 row is extra, e.g. ('${'x'.repeat(40)}…').`);
  });

  it('order only when the reference orders', () => {
    const shuffled = result(['id', 'name'], [[1, 'Ada'], [3, 'Cy'], [2, 'Ben'], [4, 'Dan']]);
    expect(gradeRows(people, shuffled, false).passed).toBe(true);
    expect(gradeRows(people, shuffled, true)).toEqual({ passed: false, message: "The rows are right but not in the expected order: row 2 should be (2, 'Ben')." });
  });

  it('duplicates are rows of their own; 1 and 1.0 and float noise are one value; text is not a number; NULL only NULL', () => {
    expect(gradeRows(result(['n'], [[1], [1], [2]]), result(['n'], [[1], [2], [2]]), false).message).toBe('1 expected row is missing, e.g. (1); 1 row is extra, e.g. (2).');
    expect(gradeRows(result(['n'], [[1], [0.3]]), result(['n'], [[1.0], [0.1 + 0.2]]), true).passed).toBe(true);
    expect(gradeRows(result(['n'], [[null]]), result(['n'], [['']]), false).passed).toBe(false);
    expect(gradeRows(result(['n'], [[null]]), result(['n'], [[null]]), false).passed).toBe(true);
    expect(gradeRows(result(['a'], []), result(['x'], []), true).passed).toBe(true);
  });
});

describe('order with ties', () => {
  const ranked = result(['name', 'score'], [['Ada', 9], ['Ben', 7], ['Cy', 7], ['Dan', 5]]);
  const ties = { tieGroups: tieGroupsOf(ranked.rows.map((row) => [row[1] ?? null])) };

  it('rows that tie under the ORDER BY keys may come in any order; others may not', () => {
    expect(ties.tieGroups).toEqual([0, 1, 1, 2]);
    expect(gradeRows(ranked, result(['name', 'score'], [['Ada', 9], ['Cy', 7], ['Ben', 7], ['Dan', 5]]), ties).passed).toBe(true);
    expect(gradeRows(ranked, result(['name', 'score'], [['Ada', 9], ['Cy', 7], ['Ben', 7], ['Dan', 5]]), true).passed).toBe(false);
    expect(gradeRows(ranked, result(['name', 'score'], [['Ben', 7], ['Ada', 9], ['Cy', 7], ['Dan', 5]]), ties).message).toBe(
      "The rows are right but not in the expected order: row 1 should be ('Ada', 9).",
    );
  });

  it('orderKeyPlan reads each ORDER BY term as an output column or an expression to append', () => {
    expect(orderKeyPlan('SELECT name, score FROM t ORDER BY score DESC, 1', ['name', 'score'])).toEqual({ keys: [{ column: 1 }, { column: 0 }], sql: null });
    expect(orderKeyPlan('SELECT name FROM t ORDER BY "Score" DESC NULLS LAST', ['name', 'score'])).toEqual({ keys: [{ column: 1 }], sql: null });
    expect(orderKeyPlan('SELECT name FROM t WHERE x > 1 ORDER BY t.score DESC, lower(name) LIMIT 3', ['name'])).toEqual({
      keys: [{ appended: 0 }, { appended: 1 }],
      sql: 'SELECT name , (t.score) AS "__order_key_0" , (lower(name)) AS "__order_key_1" FROM t WHERE x > 1 ORDER BY t.score DESC, lower(name) LIMIT 3',
    });
    expect(orderKeyPlan('CREATE TABLE x(a); SELECT a, (SELECT 1 FROM u ORDER BY z) FROM x ORDER BY b', ['a', 'b2'])?.sql).toBe(
      'CREATE TABLE x(a); SELECT a, (SELECT 1 FROM u ORDER BY z) , (b) AS "__order_key_0" FROM x ORDER BY b',
    );
    expect(orderKeyPlan('SELECT a FROM t', ['a'])).toBeNull();
    expect(withoutOrderBy('SELECT a FROM t ORDER BY a DESC LIMIT 3')).toBe('SELECT a FROM t  LIMIT 3');
    expect(withoutOrderBy('SELECT a FROM (SELECT a FROM t ORDER BY a)')).toBeNull();
    expect(withoutLastOrderKey('SELECT a, b FROM t ORDER BY a DESC, lower(b) LIMIT 3')).toBe('SELECT a, b FROM t ORDER BY a DESC LIMIT 3');
    expect(withoutLastOrderKey('SELECT a FROM t ORDER BY a')).toBeNull();
    expect(orderKeyPlan('SELECT DISTINCT a FROM t ORDER BY b', ['a'])).toBeNull();
    expect(orderKeyPlan('SELECT a FROM t UNION SELECT a FROM u ORDER BY a', ['a'])).toEqual({ keys: [{ column: 0 }], sql: null });
    expect(orderKeyPlan('SELECT a FROM t UNION SELECT a FROM u ORDER BY a + 1', ['a'])).toBeNull();
  });

  it('mongo: the sort fields and the tie groups of the documents', () => {
    expect(mongoSortFields({ kind: 'find', collection: 'b', filter: {}, sort: { year: 1, title: -1 } } as never)).toEqual(['year', 'title']);
    expect(mongoSortFields({ kind: 'aggregate', collection: 'b', pipeline: [{ $sort: { a: 1 } }, { $sort: { 'meta.copies': -1 } }] } as never)).toEqual(['meta.copies']);
    expect(documentTieGroups([{ meta: { copies: 2 } }, { meta: { copies: 2 } }, { meta: { copies: 1 } }], ['meta.copies'])).toEqual([0, 0, 1]);
    expect(documentTieGroups([{ title: 'a' }], ['year'])).toBeNull();
  });
});

describe('hiddenDifference: the kind of difference, never a hidden value', () => {
  const expected = result(['id', 'year'], [[1, 1990], [2, 1985], [3, 2001]]);
  const says = (actual: QueryResult, order: boolean | { tieGroups: number[] } = false, literals: (string | number)[] = []) => hiddenDifference(expected, actual, order, {}, literals).message;

  it('names order, NULL, duplicates, the boundary, missing and extra rows', () => {
    expect(hiddenDifference(expected, result(['a', 'b'], [[3, 2001], [1, 1990], [2, 1985]]), false).passed).toBe(true);
    expect(says(result(['a', 'b'], [[3, 2001], [1, 1990], [2, 1985]]), true)).toMatch(/the rows are in another order/);
    expect(says(result(['a', 'b'], [[1, 1990], [2, null], [3, 2001]]))).toMatch(/a NULL where a value was expected\.$/);
    expect(says(result(['a', 'b'], [[1, 1990], [2, 1985], [3, 2001], [3, 2001]]))).toMatch(/duplicates\)\.$/);
    expect(says(result(['a', 'b'], [[1, 1990], [2, 1985]]), false, [1990, 2001])).toMatch(/a row at the edge of a condition is missing/);
    expect(says(result(['a', 'b'], [[1, 1990], [2, 1985]]))).toMatch(/some expected rows are missing\.$/);
    expect(says(result(['a', 'b'], [...expected.rows, [4, 1970]]))).toMatch(/some rows are extra\.$/);
    for (const message of [says(result(['a', 'b'], [[9, 1234]])), says(result(['a', 'b'], [[1, 1990], [2, null], [3, 2001]]))]) {
      expect(message).not.toMatch(/1234|1985|specific values/);
      expect(message.startsWith(HIDDEN_DATA_MESSAGE.split(':')[0] as string)).toBe(true);
    }
  });

  it('conditionLiterals reads the numbers and texts after WHERE', () => {
    expect(conditionLiterals("SELECT 5, t2.a FROM t2 WHERE year < 1990 AND name = 'O''Brien' AND x2 > 1.5")).toEqual([1990, "O'Brien", 1.5]);
    expect(conditionLiterals('SELECT 1')).toEqual([]);
  });
});

describe('ordersAtTopLevel', () => {
  it('sees ORDER BY of the last statement outside parentheses only', () => {
    expect(ordersAtTopLevel('SELECT * FROM t ORDER BY a')).toBe(true);
    expect(ordersAtTopLevel('SELECT * FROM (SELECT * FROM t ORDER BY a)')).toBe(false);
    expect(ordersAtTopLevel("SELECT 'ORDER BY' FROM t")).toBe(false);
    expect(ordersAtTopLevel('SELECT 1 ORDER BY 1; SELECT 2')).toBe(false);
  });
});

describe('documentResults (mongo checks graded like rows)', () => {
  it('lines up the learner’s fields with the expected ones, nested values as canonical JSON', () => {
    const { expected, actual } = documentResults([{ title: 'A', tags: { b: 1, a: 2 } }], [{ tags: { a: 2, b: 1 }, title: 'A' }]);
    expect(expected).toEqual({ columns: ['title', 'tags'], rows: [['A', '{"a":2,"b":1}']] });
    expect(gradeRows(expected, actual, false).passed).toBe(true);
  });

  it('other fields are another column count', () => {
    const { expected, actual } = documentResults([{ title: 'A', year: 1 }], [{ title: 'A' }]);
    expect(gradeRows(expected, actual, false).message).toBe('Expected 2 columns, got 1.');
  });
});
