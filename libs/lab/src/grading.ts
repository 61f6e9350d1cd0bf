/**
 * The grading module (CONTRACT "Runnable SQL", "Feedback"): how a learner's result is compared with
 * the reference's and the one sentence that says what is wrong. svc-content grades every attempt
 * with it; the browser may use the same code, so a lesson run and a server attempt agree.
 */
import { HIDDEN_DATA_MESSAGE, HIDDEN_DATA_PREFIX, type SqlValue } from '@dblearn/contracts';
import type { MongoQuery } from './mongo-lab.js';
import { blankLiterals } from './sql-lab.js';

/** One statement's result: column names and rows of plain values. */
export interface QueryResult {
  columns: string[];
  rows: SqlValue[][];
}

export interface Verdict {
  passed: boolean;
  message: string;
}

export const PASSED_MESSAGE = 'Passed: your result matches.';
const PASSED: Verdict = { passed: true, message: PASSED_MESSAGE };

/** Text longer than this is cut in a message (a row example must stay one readable sentence). */
const SHOWN_TEXT = 40;

/**
 * How row order is judged: not at all (false), row by row (true), or row by row except among rows
 * that tie under the reference's ORDER BY: `tieGroups[i]` names expected row i's group (rows of one
 * group are consecutive; see orderKeyPlan), and the rows of a group may come in any order.
 */
export type RowOrder = boolean | { tieGroups: readonly number[] };

export interface GradeOptions {
  /** The task states the column order (a check's `columnOrder: strict`): another order fails. Otherwise the right columns in any order pass. */
  strictColumns?: boolean;
}

/**
 * Grades a learner's result against the reference's: the same number of columns (names are free:
 * an alias is not a mistake; their order too unless `strictColumns`) and the same rows as a
 * multiset; row order counts as `order` says. 1 and 1.0 are one value (12 significant digits:
 * SQLite keeps INTEGER and REAL apart, a task never cares), text '1' is not the number 1, NULL
 * equals only NULL. A fail names the first thing wrong, in this order: column count, column order
 * (strict only), a value of another type or NULL against a value in an otherwise right row, missing
 * and extra rows, row order.
 */
export function gradeRows(expected: QueryResult, rawActual: QueryResult, order: RowOrder, options: GradeOptions = {}): Verdict {
  if (rawActual.columns.length !== expected.columns.length) {
    return fail(`Expected ${count(expected.columns.length, 'column')}, got ${rawActual.columns.length}.`);
  }
  const actual = options.strictColumns ? rawActual : alignColumns(expected, rawActual);
  const want = rowKeysOf(expected.rows);
  const got = rowKeysOf(actual.rows);
  const { missing, extra } = multisetDifference(want, got);
  if (missing.length === 0 && extra.length === 0) {
    const misplaced = firstMisplaced(want, got, order);
    if (misplaced === null) return PASSED;
    return fail(`The rows are right but not in the expected order: row ${misplaced + 1} should be ${formatRow(expected.rows[misplaced] ?? [])}.`);
  }
  const reordered = columnOrderMessage(expected, actual);
  if (reordered) return fail(reordered);
  const valueDifference = firstValueDifference(
    missing.map((i) => expected.rows[i] ?? []),
    extra.map((i) => ({ row: actual.rows[i] ?? [], at: i })),
  );
  if (valueDifference) return fail(valueDifference);
  return fail(rowsMessage(missing.map((i) => expected.rows[i] ?? []), extra.map((i) => actual.rows[i] ?? [])));
}

/** The first row (index) out of the order `order` asks for, or null; the rows are the same multiset. */
function firstMisplaced(want: string[], got: string[], order: RowOrder): number | null {
  if (order === false) return null;
  if (order === true) {
    const i = want.findIndex((key, j) => got[j] !== key);
    return i === -1 ? null : i;
  }
  const { tieGroups } = order;
  for (let start = 0; start < want.length; ) {
    let end = start + 1;
    while (end < want.length && tieGroups[end] === tieGroups[start]) end += 1;
    const left = new Map<string, number>();
    for (let i = start; i < end; i += 1) left.set(want[i] as string, (left.get(want[i] as string) ?? 0) + 1);
    for (let i = start; i < end; i += 1) {
      const waiting = left.get(got[i] as string) ?? 0;
      if (waiting === 0) return i;
      left.set(got[i] as string, waiting - 1);
    }
    start = end;
  }
  return null;
}

/**
 * The learner's columns put in the expected order when that makes the rows match (found by name,
 * else by each column's values), so a task that states no column order takes any order; otherwise
 * the result as it came.
 */
function alignColumns(expected: QueryResult, actual: QueryResult): QueryResult {
  const { missing, extra } = multisetDifference(rowKeysOf(expected.rows), rowKeysOf(actual.rows));
  if (missing.length === 0 && extra.length === 0) return actual;
  for (const permutation of [columnsByName(expected.columns, actual.columns), columnsByValues(expected, actual)]) {
    if (!permutation || permutation.every((from, to) => from === to)) continue;
    const rows = actual.rows.map((row) => permutation.map((from) => row[from] ?? null));
    const moved = multisetDifference(rowKeysOf(expected.rows), rows.map(rowKey));
    if (moved.missing.length === 0 && moved.extra.length === 0) return { columns: permutation.map((from) => actual.columns[from] ?? ''), rows };
  }
  return actual;
}

/**
 * The fail after a result right on the visible data is graded on the hidden data: what kind of
 * difference it is (rows in another order, missing or extra rows, duplicates, NULL against a value,
 * a row at the edge of a condition), never a value of the hidden data. Passes as gradeRows does.
 * `boundaryValues` are the literals of the reference's conditions (conditionLiterals): a missing or
 * extra row holding one is a row at the boundary.
 */
export function hiddenDifference(expected: QueryResult, rawActual: QueryResult, order: RowOrder, options: GradeOptions = {}, boundaryValues: readonly SqlValue[] = []): Verdict {
  if (gradeRows(expected, rawActual, order, options).passed) return PASSED;
  const hidden = (kind: string) => fail(`${HIDDEN_DATA_PREFIX}: ${kind}.`);
  if (rawActual.columns.length !== expected.columns.length) return fail(HIDDEN_DATA_MESSAGE);
  const actual = options.strictColumns ? rawActual : alignColumns(expected, rawActual);
  const want = rowKeysOf(expected.rows);
  const got = rowKeysOf(actual.rows);
  const { missing, extra } = multisetDifference(want, got);
  if (missing.length === 0 && extra.length === 0) return hidden('the rows are in another order (check the ORDER BY and whether it needs a tie-break)');
  const missingRows = missing.map((i) => expected.rows[i] ?? []);
  const extraRows = extra.map((i) => actual.rows[i] ?? []);
  const nulls = nullDifference(missingRows, extraRows);
  if (nulls) return hidden(nulls);
  if (extra.some((i) => want.includes(got[i] as string))) return hidden('a row comes more often than it should (duplicates)');
  if (missing.some((i) => got.includes(want[i] as string))) return hidden('a row that should come more than once comes fewer times (duplicates removed)');
  const boundary = new Set(boundaryValues.map(valueKey));
  const atBoundary = (row: SqlValue[]) => row.some((value) => value !== null && boundary.has(valueKey(value)));
  if (missingRows.some(atBoundary)) return hidden('a row at the edge of a condition is missing (compare < with <=, > with >=)');
  if (extraRows.some(atBoundary)) return hidden('a row at the edge of a condition is extra (compare < with <=, > with >=)');
  if (missing.length > 0 && extra.length > 0) return hidden('some expected rows are missing and others are extra');
  return hidden(missing.length > 0 ? 'some expected rows are missing' : 'some rows are extra');
}

/** "a NULL where a value was expected" (or the reverse) when a wrong row differs from a missing one only there. */
function nullDifference(missing: SqlValue[][], extra: SqlValue[][]): string | null {
  for (const row of extra) {
    for (const wanted of missing) {
      const differing = row.map((_, c) => c).filter((c) => valueKey(row[c] ?? null) !== valueKey(wanted[c] ?? null));
      if (differing.length === 0 || !differing.every((c) => row[c] === null || wanted[c] === null)) continue;
      return row[differing[0] as number] === null ? 'a NULL where a value was expected' : 'a value where NULL was expected';
    }
  }
  return null;
}

/** Indexes of `want`'s rows absent from `got` and of `got`'s rows not wanted, each in its own order (multisets: a duplicate counts). */
function multisetDifference(want: readonly string[], got: readonly string[]): { missing: number[]; extra: number[] } {
  // The usual case, a right answer in the right order: no map at all.
  if (want.length === got.length && want.every((key, i) => key === got[i])) return { missing: [], extra: [] };
  const left = new Map<string, number[]>();
  want.forEach((key, i) => {
    const indexes = left.get(key);
    if (indexes) indexes.push(i);
    else left.set(key, [i]);
  });
  const taken = new Map<string, number>();
  const extra: number[] = [];
  got.forEach((key, i) => {
    const indexes = left.get(key);
    const used = taken.get(key) ?? 0;
    if (indexes && used < indexes.length) taken.set(key, used + 1);
    else extra.push(i);
  });
  const missing: number[] = [];
  for (const [key, indexes] of left) missing.push(...indexes.slice(taken.get(key) ?? 0));
  return { missing: missing.sort((a, b) => a - b), extra };
}

/** "Your columns are in another order: …" when the learner's columns are the expected ones (by name or by their values) in another order. */
function columnOrderMessage(expected: QueryResult, actual: QueryResult): string | null {
  const permutation = columnsByName(expected.columns, actual.columns) ?? columnsByValues(expected, actual);
  if (!permutation || permutation.every((from, to) => from === to)) return null;
  const rearranged = actual.rows.map((row) => permutation.map((from) => row[from] ?? null));
  const { missing, extra } = multisetDifference(rowKeysOf(expected.rows), rearranged.map(rowKey));
  if (missing.length > 0 || extra.length > 0) return null;
  return `Your columns are in another order: expected ${expected.columns.join(', ')}.`;
}

/** For each expected column, the learner's column of the same name (case-insensitive), when every name matches once. */
function columnsByName(expected: string[], actual: string[]): number[] | null {
  const names = actual.map((name) => name.toLowerCase());
  const permutation = expected.map((name) => names.indexOf(name.toLowerCase()));
  return permutation.includes(-1) || new Set(permutation).size !== permutation.length ? null : permutation;
}

/** For each expected column, a learner's column holding the same values as a multiset (aliases renamed them), when each is found once. */
function columnsByValues(expected: QueryResult, actual: QueryResult): number[] | null {
  const columnKey = (result: QueryResult, c: number) => JSON.stringify(result.rows.map((row) => valueKey(row[c] ?? null)).sort());
  const actualKeys = actual.columns.map((_, c) => columnKey(actual, c));
  const used = new Set<number>();
  const permutation: number[] = [];
  for (let c = 0; c < expected.columns.length; c += 1) {
    const key = columnKey(expected, c);
    const from = actualKeys.findIndex((candidate, i) => candidate === key && !used.has(i));
    if (from === -1) return null;
    used.add(from);
    permutation.push(from);
  }
  return permutation;
}

/**
 * The first of the learner's wrong rows that equals a missing row except for values of another type
 * (the text '12.50' for the number 12.5) or NULL against a value: named by the learner's row number.
 */
function firstValueDifference(missing: SqlValue[][], extra: { row: SqlValue[]; at: number }[]): string | null {
  for (const { row, at } of extra) {
    for (const wanted of missing) {
      const differing = row.map((value, c) => c).filter((c) => valueKey(row[c] ?? null) !== valueKey(wanted[c] ?? null));
      if (differing.length === 0) continue;
      const explained = differing.every((c) => explainable(row[c] ?? null, wanted[c] ?? null));
      if (!explained) continue;
      const c = differing[0] as number;
      return `Row ${at + 1}: ${valueDifferenceMessage(row[c] ?? null, wanted[c] ?? null)}`;
    }
  }
  return null;
}

/** Whether two unequal values differ only by type (same number as text and as a number) or as NULL against a value. */
function explainable(got: SqlValue, wanted: SqlValue): boolean {
  if (got === null || wanted === null) return true;
  if (typeof got === typeof wanted) return false;
  const asNumber = (value: string | number) => (typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value));
  return sameNumber(asNumber(got), asNumber(wanted));
}

/** "you returned NULL where 7 was expected.", "you returned the text '12.50' where the number 12.5 was expected." */
function valueDifferenceMessage(got: SqlValue, wanted: SqlValue): string {
  const typed = (value: SqlValue) => (typeof value === 'number' ? `the number ${formatValue(value)}` : `the text ${formatValue(value)}`);
  if (got === null || wanted === null) return `you returned ${formatValue(got)} where ${formatValue(wanted)} was expected.`;
  return `you returned ${typed(got)} where ${typed(wanted)} was expected.`;
}

/** "2 expected rows are missing, e.g. (4, 'Dan'); 1 row is extra, e.g. (9, 'Zed')." (either half alone when the other has none). */
function rowsMessage(missing: SqlValue[][], extra: SqlValue[][]): string {
  const parts: string[] = [];
  if (missing.length > 0) parts.push(`${missing.length} expected ${missing.length === 1 ? 'row is' : 'rows are'} missing, e.g. ${formatRow(missing[0] ?? [])}`);
  if (extra.length > 0) parts.push(`${extra.length} ${extra.length === 1 ? 'row is' : 'rows are'} extra, e.g. ${formatRow(extra[0] ?? [])}`);
  return `${parts.join('; ')}.`;
}

/** A row as a message shows it: (4, 'Dan', NULL). */
export function formatRow(row: SqlValue[]): string {
  return `(${row.map(formatValue).join(', ')})`;
}

/** A value as a message shows it: numbers plain, text in single quotes (cut past 40 characters), NULL. */
export function formatValue(value: SqlValue): string {
  if (value === null) return 'NULL';
  if (typeof value === 'number') return String(roundNumber(value));
  const shown = value.length > SHOWN_TEXT ? `${value.slice(0, SHOWN_TEXT)}…` : value;
  return `'${shown.replace(/'/g, "''")}'`;
}

function fail(message: string): Verdict {
  return { passed: false, message };
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

/** Numbers to 12 significant digits: float noise (0.1 + 0.2) is no difference. */
function roundNumber(value: number): number {
  // Integers below 10^12 are their own 12-digit rounding (and -0 becomes 0): most values, no toPrecision.
  if (Number.isInteger(value) && Math.abs(value) < 1e12) return value || 0;
  return Object.is(value, -0) ? 0 : Number(value.toPrecision(12));
}

function sameNumber(a: number, b: number): boolean {
  return !Number.isNaN(a) && !Number.isNaN(b) && roundNumber(a) === roundNumber(b);
}

/** A row as a comparable key: type-tagged values, numbers rounded to 12 significant digits. */
export function rowKey(row: readonly SqlValue[]): string {
  return JSON.stringify(row.map(valueKey));
}

/**
 * The keys of a result's rows, computed once per rows array: one attempt compares the same rows
 * several times (columns aligned, rows, then the hidden data's kind of difference), and an expected
 * result is cached frozen by the worker for every later attempt at its check. Rows are never
 * changed once read, so a key stays true.
 */
const rowKeysKept = new WeakMap<readonly SqlValue[][], string[]>();
function rowKeysOf(rows: readonly SqlValue[][]): string[] {
  let keys = rowKeysKept.get(rows);
  if (!keys) {
    keys = rows.map(rowKey);
    rowKeysKept.set(rows, keys);
  }
  return keys;
}

function valueKey(value: SqlValue): string | null {
  if (value === null) return null;
  if (typeof value === 'number') return Number.isNaN(value) ? 'n:NaN' : `n:${roundNumber(value)}`;
  return `s:${value}`;
}

/**
 * The fail of an answer whose rows are right where the task asks for an order and the answer has no
 * ORDER BY (or no sort) at its end: SQL promises no order without one, whatever the data happens to give.
 */
export const MISSING_ORDER_MESSAGE = 'The rows are right, but the task asks for them in an order: only an ORDER BY at the end of the query (a sort, in MongoDB) guarantees one.';

/** True when the last statement has ORDER BY outside every parenthesis: its result order is part of the answer. */
export function ordersAtTopLevel(sql: string): boolean {
  const text = blankLiterals(sql);
  let depth = 0;
  let statementStart = 0;
  let lastStatement = '';
  for (let i = 0; i <= text.length; i += 1) {
    const c = text[i];
    if (c === '(') depth += 1;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if (i === text.length || (c === ';' && depth === 0)) {
      const statement = topLevelOnly(text.slice(statementStart, i));
      if (statement.trim()) lastStatement = statement;
      statementStart = i + 1;
    }
  }
  return /\bORDER\s+BY\b/i.test(lastStatement);
}

/** The statement with everything inside parentheses removed. */
function topLevelOnly(statement: string): string {
  let depth = 0;
  let out = '';
  for (const c of statement) {
    if (c === '(') depth += 1;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if (depth === 0) out += c;
  }
  return out;
}

/** The last non-empty statement of a script: its text and the same with literals and comments blanked. */
function lastStatement(sql: string): { text: string; blanked: string; start: number } {
  const blanked = blankLiterals(sql);
  let depth = 0;
  let start = 0;
  let last = { text: '', blanked: '', start: 0 };
  for (let i = 0; i <= blanked.length; i += 1) {
    const c = blanked[i];
    if (c === '(') depth += 1;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if (i === blanked.length || (c === ';' && depth === 0)) {
      if (blanked.slice(start, i).trim()) last = { text: sql.slice(start, i), blanked: blanked.slice(start, i), start };
      start = i + 1;
    }
  }
  return last;
}

/** The text with everything inside parentheses turned into spaces (positions kept). */
function flatten(blanked: string): string {
  let depth = 0;
  let out = '';
  for (const c of blanked) {
    if (c === '(') depth += 1;
    out += depth > 0 || c === ')' ? (c === '\n' ? c : ' ') : c;
    if (c === ')') depth = Math.max(0, depth - 1);
  }
  return out;
}

/** The last statement's top-level ORDER BY: where it starts and ends in the script, and each term's span (direction and NULLS kept). */
function orderByClause(sql: string): { from: number; to: number; terms: { start: number; end: number }[] } | null {
  const { blanked, start } = lastStatement(sql);
  const flat = flatten(blanked);
  const orderBy = [...flat.matchAll(/\bORDER\s+BY\b/gi)].at(-1);
  if (!orderBy) return null;
  const first = orderBy.index + orderBy[0].length;
  const stop = /\b(LIMIT|OFFSET)\b/i.exec(flat.slice(first));
  const to = stop ? first + stop.index : flat.length;
  const terms: { start: number; end: number }[] = [];
  let termStart = first;
  for (let i = first; i <= to; i += 1) {
    if (i === to || flat[i] === ',') {
      terms.push({ start: start + termStart, end: start + i });
      termStart = i + 1;
    }
  }
  return { from: start + orderBy.index, to: start + to, terms };
}

/** The script with its last statement's top-level ORDER BY clause taken out (LIMIT and OFFSET kept), or null when it has none. */
export function withoutOrderBy(sql: string): string | null {
  const clause = orderByClause(sql);
  return clause ? `${sql.slice(0, clause.from)} ${sql.slice(clause.to)}` : null;
}

/** The script with the last key of its top-level ORDER BY taken out (its tie-break), or null when it orders by fewer than two. */
export function withoutLastOrderKey(sql: string): string | null {
  const clause = orderByClause(sql);
  const [previous, last] = clause?.terms.slice(-2) ?? [];
  if (!clause || clause.terms.length < 2 || !previous || !last) return null;
  return `${sql.slice(0, previous.end)} ${sql.slice(last.end)}`;
}

/** Where a sort key comes from: an output column of the result, or an expression appended to the reference's select list. */
export type OrderKey = { column: number } | { appended: number };

/**
 * How to find which of a reference's rows tie under its top-level ORDER BY: each term as an output
 * column (a position, or the name of a result column, as SQLite resolves it first) or as an
 * expression appended to the select list (`sql`, the reference with `, (term) AS "__order_key_n"`
 * added; run it and read the keys after the result's own columns). Null when the reference does not
 * order, or its keys cannot be read that way (a compound SELECT ordered by an expression, DISTINCT).
 */
export function orderKeyPlan(sql: string, columns: readonly string[]): { keys: OrderKey[]; sql: string | null } | null {
  const clause = orderByClause(sql);
  if (!clause) return null;
  const { text, blanked, start } = lastStatement(sql);
  const flat = flatten(blanked);
  const orderAt = clause.from - start;
  const terms = clause.terms.map((term) => sql.slice(term.start, term.end).replace(/\s+(ASC|DESC)?(\s+NULLS\s+(FIRST|LAST))?\s*$/i, '').trim());
  const names = columns.map((name) => name.toLowerCase());
  const appended: string[] = [];
  const keys = terms.map((term): OrderKey => {
    if (/^\d+$/.test(term)) return { column: Number(term) - 1 };
    const name = /^(?:"((?:[^"]|"")+)"|`([^`]+)`|\[([^\]]+)\]|([A-Za-z_][\w$]*))$/.exec(term);
    const unquoted = name ? (name[1]?.replace(/""/g, '"') ?? name[2] ?? name[3] ?? name[4] ?? '') : null;
    const column = unquoted === null ? -1 : names.indexOf(unquoted.toLowerCase());
    if (column !== -1) return { column };
    appended.push(term);
    return { appended: appended.length - 1 };
  });
  if (keys.some((key) => 'column' in key && (key.column < 0 || key.column >= columns.length))) return null;
  if (appended.length === 0) return { keys, sql: null };
  // An expression goes into the last SELECT's list, just before its FROM (or its first clause).
  if (/\b(UNION|INTERSECT|EXCEPT)\b/i.test(flat)) return null;
  const select = [...flat.slice(0, orderAt).matchAll(/\bSELECT\b/gi)].at(-1);
  if (!select || /^\s*DISTINCT\b/i.test(flat.slice(select.index + 6))) return null;
  const firstClause = /\b(FROM|WHERE|GROUP|HAVING|WINDOW|ORDER)\b/i.exec(flat.slice(select.index + 6));
  if (!firstClause) return null;
  const at = select.index + 6 + firstClause.index;
  const extra = appended.map((term, i) => `, (${term}) AS "__order_key_${i}" `).join('');
  return { keys, sql: `${sql.slice(0, start)}${text.slice(0, at)}${extra}${text.slice(at)}` };
}

/**
 * Each row's tie group from its sort keys (`keyRows[i]`: row i's key values, rows in result order):
 * consecutive rows with equal keys share a group.
 */
export function tieGroupsOf(keyRows: readonly SqlValue[][]): number[] {
  const groups: number[] = [];
  let previous: string | null = null;
  for (const keys of keyRows) {
    const key = rowKey(keys);
    groups.push(key === previous ? (groups.at(-1) as number) : groups.length === 0 ? 0 : (groups.at(-1) as number) + 1);
    previous = key;
  }
  return groups;
}

/**
 * The literals in a reference's conditions (after its first WHERE, HAVING or ON): numbers and
 * 'text'. A missing or extra row holding one is a row at the boundary (hiddenDifference).
 */
export function conditionLiterals(sql: string): SqlValue[] {
  const condition = /\b(WHERE|HAVING|ON)\b/i.exec(blankLiterals(sql));
  if (!condition) return [];
  const text = sql.slice(condition.index);
  const values: SqlValue[] = [];
  for (const match of text.matchAll(/'((?:[^']|'')*)'|(?<![\w.$])(\d+(?:\.\d+)?)(?![\w.])/g)) {
    values.push(match[1] !== undefined ? match[1].replace(/''/g, "'") : Number(match[2]));
  }
  return values;
}

/** A field's value as a result cell: nested documents and arrays as canonical JSON text, booleans as text. */
function cellOf(value: unknown): SqlValue {
  if (value === undefined || value === null) return null;
  if (typeof value === 'number' || typeof value === 'string') return value;
  if (typeof value === 'boolean') return String(value);
  return canonicalJson(value);
}

/** JSON with object keys sorted, so two documents equal in MongoDB's sense (field order aside) read the same. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, field]) => `${JSON.stringify(key)}:${canonicalJson(field)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The top-level field names of some documents, in first-seen order. */
function fieldsOf(documents: readonly unknown[]): string[] {
  const fields = new Set<string>();
  for (const document of documents) if (document && typeof document === 'object') for (const key of Object.keys(document)) fields.add(key);
  return [...fields];
}

/**
 * A mongo check's two results as rows graded like SQL: columns are the expected documents' fields
 * (the learner's in the same order when they have the same fields, so a projection's field order is
 * free), a missing field is NULL, a nested value is canonical JSON text.
 */
export function documentResults(expected: readonly unknown[], actual: readonly unknown[]): { expected: QueryResult; actual: QueryResult } {
  const expectedFields = fieldsOf(expected);
  const actualFields = fieldsOf(actual);
  const sameFields = actualFields.length === expectedFields.length && actualFields.every((field) => expectedFields.includes(field));
  const toResult = (documents: readonly unknown[], columns: string[]): QueryResult => ({
    columns,
    rows: documents.map((document) => columns.map((column) => cellOf((document as Record<string, unknown> | null)?.[column]))),
  });
  return { expected: toResult(expected, expectedFields), actual: toResult(actual, sameFields ? expectedFields : actualFields) };
}

/** Whether a mongo query's result order is part of the answer: a find with .sort(), or a pipeline with a $sort stage. */
export function mongoQueryOrders(query: MongoQuery): boolean {
  return query.kind === 'find' ? query.sort !== undefined : query.pipeline.some((stage) => '$sort' in stage);
}

/** The fields a mongo query's result is sorted by (a find's sort, or the last $sort stage), in order; null when it does not sort. */
export function mongoSortFields(query: MongoQuery): string[] | null {
  if (query.kind === 'find') return query.sort ? Object.keys(query.sort) : null;
  const stage = query.pipeline.filter((candidate) => '$sort' in candidate).at(-1) as { $sort?: Record<string, unknown> } | undefined;
  return stage?.$sort ? Object.keys(stage.$sort) : null;
}

/**
 * The tie groups of a sorted mongo result, from each document's sort fields (dotted paths), or null
 * when a field is in none of the documents (a later stage dropped it): then the order is judged row by row.
 */
export function documentTieGroups(documents: readonly unknown[], fields: readonly string[]): number[] | null {
  const at = (document: unknown, path: string) => path.split('.').reduce<unknown>((value, part) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[part] : undefined), document);
  if (documents.length > 0 && fields.some((field) => documents.every((document) => at(document, field) === undefined))) return null;
  return tieGroupsOf(documents.map((document) => fields.map((field) => cellOf(at(document, field)))));
}
