/**
 * The grading module (CONTRACT "Runnable SQL", "Feedback"): how a learner's result is compared with
 * the reference's and the one sentence that says what is wrong. svc-content grades every attempt
 * with it; the browser may use the same code, so a lesson run and a server attempt agree.
 */
import type { SqlValue } from './content.js';
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
 * Grades a learner's result against the reference's: the same number of columns in the same order
 * (names are free: an alias is not a mistake) and the same rows as a multiset; row order counts only
 * when the reference orders (`ordered`). 1 and 1.0 are one value (12 significant digits: SQLite keeps
 * INTEGER and REAL apart, a task never cares), text '1' is not the number 1, NULL equals only NULL.
 * A fail names the first thing wrong, in this order: column count, column order, a value of another
 * type or NULL against a value in an otherwise right row, missing and extra rows, row order.
 */
export function gradeRows(expected: QueryResult, actual: QueryResult, ordered: boolean): Verdict {
  if (actual.columns.length !== expected.columns.length) {
    return fail(`Expected ${count(expected.columns.length, 'column')}, got ${actual.columns.length}.`);
  }
  const want = expected.rows.map(rowKey);
  const got = actual.rows.map(rowKey);
  const { missing, extra } = multisetDifference(want, got);
  if (missing.length === 0 && extra.length === 0) {
    if (!ordered) return PASSED;
    const misplaced = want.findIndex((key, i) => got[i] !== key);
    if (misplaced === -1) return PASSED;
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

/** Indexes of `want`'s rows absent from `got` and of `got`'s rows not wanted, each in its own order (multisets: a duplicate counts). */
function multisetDifference(want: string[], got: string[]): { missing: number[]; extra: number[] } {
  const left = new Map<string, number[]>();
  want.forEach((key, i) => left.set(key, [...(left.get(key) ?? []), i]));
  const extra: number[] = [];
  got.forEach((key, i) => {
    const waiting = left.get(key);
    if (waiting?.length) waiting.shift();
    else extra.push(i);
  });
  const missing = [...left.values()].flat().sort((a, b) => a - b);
  return { missing, extra };
}

/** "Your columns are in another order: …" when the learner's columns are the expected ones (by name or by their values) in another order. */
function columnOrderMessage(expected: QueryResult, actual: QueryResult): string | null {
  const permutation = columnsByName(expected.columns, actual.columns) ?? columnsByValues(expected, actual);
  if (!permutation || permutation.every((from, to) => from === to)) return null;
  const rearranged = actual.rows.map((row) => permutation.map((from) => row[from] ?? null));
  const { missing, extra } = multisetDifference(expected.rows.map(rowKey), rearranged.map(rowKey));
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
  return Object.is(value, -0) ? 0 : Number(value.toPrecision(12));
}

function sameNumber(a: number, b: number): boolean {
  return !Number.isNaN(a) && !Number.isNaN(b) && roundNumber(a) === roundNumber(b);
}

/** A row as a comparable key: type-tagged values, numbers rounded to 12 significant digits. */
export function rowKey(row: SqlValue[]): string {
  return JSON.stringify(row.map(valueKey));
}

function valueKey(value: SqlValue): string | null {
  if (value === null) return null;
  if (typeof value === 'number') return Number.isNaN(value) ? 'n:NaN' : `n:${roundNumber(value)}`;
  return `s:${value}`;
}

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
