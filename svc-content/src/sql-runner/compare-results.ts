import type { SqlValue } from '@dblearn/contracts';

/** One statement's result: column names and rows of plain values. */
export interface QueryResult {
  columns: string[];
  rows: SqlValue[][];
}

export interface Verdict {
  passed: boolean;
  message: string;
}

/**
 * Grades a learner's result against the reference's (DESIGN "Runnable SQL"): the same number of
 * columns in the same order (names are free: an alias is not a mistake) and the same rows; row
 * order counts only when the reference orders (`ordered`). 1 and 1.0 are one value (SQLite keeps
 * INTEGER and REAL apart, a task never cares), text '1' is not the number 1, NULL equals only NULL.
 */
export function compareResults(expected: QueryResult, actual: QueryResult, ordered: boolean): Verdict {
  if (actual.columns.length !== expected.columns.length) {
    return fail(`expected ${count(expected.columns.length, 'column')}, got ${actual.columns.length}`);
  }
  const want = expected.rows.map(rowKey);
  const got = actual.rows.map(rowKey);
  return ordered ? compareOrdered(want, got) : compareUnordered(want, got);
}

function compareOrdered(want: string[], got: string[]): Verdict {
  const differs = want.findIndex((key, i) => i < got.length && got[i] !== key);
  if (differs !== -1) {
    const sameRows = want.length === got.length && compareUnordered(want, got).passed;
    return fail(sameRows ? `row ${differs + 1} differs: the rows are right but not in the expected order` : `row ${differs + 1} differs`);
  }
  if (got.length < want.length) return fail(`missing ${count(want.length - got.length, 'row')}`);
  if (got.length > want.length) return fail(`${count(got.length - want.length, 'row')} too many`);
  return PASSED;
}

function compareUnordered(want: string[], got: string[]): Verdict {
  const left = new Map<string, number>();
  for (const key of want) left.set(key, (left.get(key) ?? 0) + 1);
  let firstUnexpected = -1;
  let unexpected = 0;
  got.forEach((key, i) => {
    const n = left.get(key) ?? 0;
    if (n > 0) left.set(key, n - 1);
    else {
      unexpected += 1;
      if (firstUnexpected === -1) firstUnexpected = i;
    }
  });
  let missing = 0;
  for (const n of left.values()) missing += n;
  if (missing === 0 && unexpected === 0) return PASSED;
  if (unexpected === 0) return fail(`missing ${count(missing, 'row')}`);
  if (missing === 0) return fail(`${count(unexpected, 'row')} too many`);
  return fail(`row ${firstUnexpected + 1} differs (${missing} expected ${missing === 1 ? 'row is' : 'rows are'} missing)`);
}

const PASSED: Verdict = { passed: true, message: 'Passed: your result matches.' };

function fail(reason: string): Verdict {
  return { passed: false, message: reason.charAt(0).toUpperCase() + reason.slice(1) + '.' };
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

/** A row as a comparable key: type-tagged values, numbers rounded to 12 significant digits (float noise). */
export function rowKey(row: SqlValue[]): string {
  return JSON.stringify(row.map(valueKey));
}

function valueKey(value: SqlValue): string | null {
  if (value === null) return null;
  if (typeof value === 'number') {
    if (Number.isNaN(value)) return 'n:NaN';
    return `n:${Object.is(value, -0) ? 0 : Number(value.toPrecision(12))}`;
  }
  return `s:${value}`;
}
