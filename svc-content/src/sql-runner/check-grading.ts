/**
 * How a worker grades each kind of check (CONTRACT "Runnable SQL"): on the visible dataset first,
 * then, only when that passes, on the hidden one, whose data never reaches the answer. Expected
 * results come from `Expected` (cached per worker and dataset), so an attempt runs the learner's
 * answer once per dataset and nothing else.
 */
import {
  ATTEMPT_ROWS_SHOWN,
  documentResults,
  EXPECTED_ROWS_SHOWN,
  gradeRows,
  HIDDEN_DATA_MESSAGE,
  type MongoCollections,
  mongoQueryOrders,
  type MongoQuery,
  ordersAtTopLevel,
  parseMongoQuery,
  type Probe,
  type QueryResult,
  runMingoQuery,
  SQL_RESULT_BYTE_CAPS,
  type Verdict,
} from '@dblearn/contracts';
import type { Database, SqlJsStatic } from 'sql.js';
import type { Mingo } from './mingo-bundle.js';
import { runOnCopy, runReadingOrOnCopy, runStatements, SqlFailure } from './sql-engine.js';
import type { GradedAttempt, GradedCheck, SqlJobFailure } from './sql-jobs.js';

export type Dataset = 'visible' | 'hidden';
const DATASETS: readonly Dataset[] = ['visible', 'hidden'];
const WHERE: Record<Dataset, string> = { visible: "the course's sandbox", hidden: 'the hidden variant' };

/** What grading needs from the worker: fresh data of each dataset and a cache of expected results. */
export interface GradingData {
  sql: SqlJsStatic;
  /** mingo, loaded by the worker for mongo jobs only (a SQL-only worker starts without it). */
  mingo: Mingo | null;
  sqlBytes(which: Dataset): Uint8Array;
  collections(which: Dataset): MongoCollections;
  expected<T>(which: Dataset, compute: () => T): T;
}

type StateCheck = Extract<GradedCheck, { kind: 'state' }>;

/** Why the check's reference cannot be saved (it fails on either dataset, or a probe is not met), or null. */
export function referenceFailure(data: GradingData, check: GradedCheck): SqlJobFailure | null {
  try {
    if (check.kind === 'mongo') {
      const parsed = parseMongoQuery(check.referenceQuery);
      if ('error' in parsed) return { error: `The reference query does not parse: ${parsed.error}`, line: parsed.line ?? null };
    }
    for (const which of DATASETS) {
      const failure = referenceFailureOn(data, check, which);
      if (failure) return failure;
    }
    return check.kind === 'state' ? probeFailure(data, check) : null;
  } catch (error) {
    if (error instanceof SqlFailure) return { error: error.message, line: error.line };
    throw error;
  }
}

function referenceFailureOn(data: GradingData, check: GradedCheck, which: Dataset): SqlJobFailure | null {
  try {
    const result = expectedResult(data, check, which);
    if (check.kind === 'state' && (result as QueryResult).columns.length === 0) return { error: 'The verification query returns no result: make it a SELECT.', line: null };
    return null;
  } catch (error) {
    if (error instanceof ReferencePartError) return { error: `${error.part} on ${WHERE[which]}: ${error.message}`, line: error.line };
    throw error;
  }
}

/** A reference part that failed: which part, and SQLite's message with its line. */
class ReferencePartError extends Error {
  constructor(
    readonly part: string,
    message: string,
    readonly line: number | null,
  ) {
    super(message);
  }
}

function asReferenceError<T>(part: string, run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof SqlFailure) throw new ReferencePartError(part, error.message, error.line);
    if (error instanceof MongoRunError) throw new ReferencePartError(part, error.message, null);
    throw error;
  }
}

/** The reference's result on a dataset: a query's rows, a state check's verification after its statements, a mongo query's documents. */
function expectedResult(data: GradingData, check: GradedCheck, which: Dataset): QueryResult | unknown[] {
  return data.expected(which, () => {
    switch (check.kind) {
      case 'query':
        return asReferenceError('The reference query does not run', () => runOnCopy(data.sql, data.sqlBytes(which), check.referenceSql));
      case 'state':
        return onCopy(data.sql, data.sqlBytes(which), (db) => {
          asReferenceError('The reference statements do not run', () => runLearnerStatements(data.sql, db, check.referenceSql));
          return asReferenceError('The verification query does not run after the reference', () => verify(data.sql, db, check));
        });
      case 'mongo':
        return asReferenceError('The reference query does not run', () => runMongo(data, data.collections(which), parsedReference(check.referenceQuery)));
    }
  });
}

/** Each probe after the reference on the visible data must do what it expects (a constraint refuses it, or it runs). */
function probeFailure(data: GradingData, check: StateCheck): SqlJobFailure | null {
  return onCopy(data.sql, data.sqlBytes('visible'), (db) => {
    runLearnerStatements(data.sql, db, check.referenceSql);
    verify(data.sql, db, check);
    const unmet = firstUnmetProbe(data.sql, db, check.probes);
    if (!unmet) return null;
    const { index, probe, error } = unmet;
    return probe.expect === 'fails'
      ? { error: `Probe ${index + 1} should fail after the reference statements, but it ran.`, line: null }
      : { error: `Probe ${index + 1} should run after the reference statements, but it failed: ${error}`, line: null };
  });
}

/** Grades a learner's answer (SQL for query and state checks, a ```mongo query for mongo checks). Never throws for what the answer does. */
export function gradeAttempt(data: GradingData, check: GradedCheck, answer: string): GradedAttempt {
  switch (check.kind) {
    case 'query':
      return gradeOnBoth(data, check, ordersAtTopLevel(check.referenceSql), (which) => runReadingOrOnCopy(data.sql, data.sqlBytes(which), answer));
    case 'state':
      return gradeState(data, check, answer);
    case 'mongo': {
      const parsed = parseMongoQuery(answer);
      if ('error' in parsed) return { passed: false, message: parsed.error };
      return gradeMongo(data, check, parsed.query);
    }
  }
}

/**
 * The learner's result on the visible data against the reference's; when it passes, the same on the
 * hidden data, whose fail says only that it differs. `run` throws SqlFailure for the learner's error.
 */
function gradeOnBoth(data: GradingData, check: GradedCheck, ordered: boolean, run: (which: Dataset) => QueryResult): GradedAttempt {
  let actual: QueryResult;
  try {
    actual = run('visible');
  } catch (error) {
    return failureOf(error);
  }
  const expected = expectedResult(data, check, 'visible') as QueryResult;
  const verdict = gradeRows(expected, actual, ordered);
  const shown: GradedAttempt = { ...verdict, columns: actual.columns, rows: actual.rows.slice(0, ATTEMPT_ROWS_SHOWN), rowCount: actual.rows.length };
  // A fail shows the first expected rows of the visible data beside the learner's: the reason made visible, not the whole answer.
  if (!verdict.passed) return { ...shown, expected: { columns: expected.columns, rows: expected.rows.slice(0, EXPECTED_ROWS_SHOWN), rowCount: expected.rows.length } };
  // Order was judged on the visible data; on the hidden one only the rows count, since its ties (a copied
  // row) could be ordered either way by a correct query.
  return hiddenVerdict(() => gradeRows(expectedResult(data, check, 'hidden') as QueryResult, run('hidden'), false)).passed ? shown : { ...shown, passed: false, message: HIDDEN_DATA_MESSAGE };
}

/** The verdict on the hidden data; an error there is a fail like any difference (its message could tell of the hidden data). */
function hiddenVerdict(grade: () => Verdict): Verdict {
  try {
    return grade();
  } catch (error) {
    if (error instanceof SqlFailure || error instanceof MongoRunError || error instanceof StatementsFailed) return { passed: false, message: HIDDEN_DATA_MESSAGE };
    throw error;
  }
}

/** The learner's statements in order on a fresh copy (foreign keys on), then the verification query; probes on the visible data. */
function gradeState(data: GradingData, check: StateCheck, statements: string): GradedAttempt {
  let probeMessage: string | null = null;
  const graded = gradeOnBoth(data, check, ordersAtTopLevel(check.verifySql), (which) =>
    onCopy(data.sql, data.sqlBytes(which), (db) => {
      try {
        runLearnerStatements(data.sql, db, statements);
      } catch (error) {
        if (error instanceof SqlFailure) throw new StatementsFailed(error);
        throw error;
      }
      const result = afterStatements(() => verify(data.sql, db, check));
      if (which === 'visible') probeMessage = unmetProbeMessage(data.sql, db, check.probes);
      return result;
    }),
  );
  // Only a result right on the visible data goes on to the probes' verdict (a wrong one already says why).
  if (graded.passed && probeMessage) return { ...graded, passed: false, message: probeMessage };
  if (!graded.passed && probeMessage && graded.message === HIDDEN_DATA_MESSAGE) return { ...graded, message: probeMessage };
  return graded;
}

/** The check's own query failing on what the learner's statements left (a table dropped, say) is the learner's fail. */
function afterStatements<T>(run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof SqlFailure) throw new SqlFailure(`After your statements the check's query fails: ${error.message}`, null);
    throw error;
  }
}

/** The learner's statements failed (not the verification after them). */
class StatementsFailed extends Error {
  constructor(readonly failure: SqlFailure) {
    super(failure.message);
  }
}

function unmetProbeMessage(sql: SqlJsStatic, db: Database, probes: Probe[]): string | null {
  const unmet = firstUnmetProbe(sql, db, probes);
  if (!unmet) return null;
  const shown = oneLine(unmet.probe.sql);
  return unmet.probe.expect === 'fails' ? `This statement should be refused after yours, but it ran: ${shown}` : `This statement should still run after yours, but it failed: ${unmet.error}`;
}

function firstUnmetProbe(sql: SqlJsStatic, db: Database, probes: Probe[]): { index: number; probe: Probe; error: string | null } | null {
  for (const [index, probe] of probes.entries()) {
    let error: string | null = null;
    try {
      runStatements(sql, db, probe.sql);
    } catch (failure) {
      if (!(failure instanceof SqlFailure)) throw failure;
      error = failure.message;
    }
    if ((probe.expect === 'fails') !== (error !== null)) return { index, probe, error };
  }
  return null;
}

function gradeMongo(data: GradingData, check: Extract<GradedCheck, { kind: 'mongo' }>, query: MongoQuery): GradedAttempt {
  const ordered = mongoQueryOrders(parsedReference(check.referenceQuery));
  let documents: unknown[];
  try {
    documents = runMongo(data, data.collections('visible'), query);
  } catch (error) {
    return failureOf(error);
  }
  const results = documentResults(expectedResult(data, check, 'visible') as unknown[], documents);
  const verdict = gradeRows(results.expected, results.actual, ordered);
  const { actual, expected } = results;
  const shown: GradedAttempt = { ...verdict, columns: actual.columns, rows: actual.rows.slice(0, ATTEMPT_ROWS_SHOWN), rowCount: actual.rows.length };
  if (!verdict.passed) return { ...shown, expected: { columns: expected.columns, rows: expected.rows.slice(0, EXPECTED_ROWS_SHOWN), rowCount: expected.rows.length } };
  const hidden = hiddenVerdict(() => {
    const onHidden = documentResults(expectedResult(data, check, 'hidden') as unknown[], runMongo(data, data.collections('hidden'), query));
    return gradeRows(onHidden.expected, onHidden.actual, false);
  });
  return hidden.passed ? shown : { ...shown, passed: false, message: HIDDEN_DATA_MESSAGE };
}

function failureOf(error: unknown): GradedAttempt {
  if (error instanceof StatementsFailed) return { passed: false, message: error.failure.message };
  if (error instanceof SqlFailure || error instanceof MongoRunError) return { passed: false, message: error.message };
  throw error;
}

/** A failure of a mongo query on the data (mingo's message). */
class MongoRunError extends Error {}

function parsedReference(text: string): MongoQuery {
  const parsed = parseMongoQuery(text);
  if ('error' in parsed) throw new MongoRunError(parsed.error);
  return parsed.query;
}

/**
 * Runs a parsed query with mingo on the collections, as the browser's mongo lab runs it (contracts
 * runMingoQuery): scripts off, $lookup's `from` names another collection of the same sandbox, the
 * cached collections never written (each run works on copies), the result capped in bytes like SQL's.
 */
function runMongo({ mingo }: GradingData, collections: MongoCollections, query: MongoQuery): unknown[] {
  if (!mingo) throw new Error('mingo was not loaded for a mongo job.');
  try {
    return runMingoQuery(mingo, collections, query, SQL_RESULT_BYTE_CAPS);
  } catch (error) {
    throw new MongoRunError(error instanceof Error ? error.message : String(error));
  }
}

/** A fresh copy of a dataset with foreign keys on, as every lab copy has them. */
function onCopy<T>(sql: SqlJsStatic, bytes: Uint8Array, use: (db: Database) => T): T {
  const db = new sql.Database(bytes);
  try {
    db.exec('PRAGMA foreign_keys = ON');
    return use(db);
  } finally {
    db.close();
  }
}

/** Statements in order; a transaction they leave open is rolled back, as when a session ends without COMMIT. */
function runLearnerStatements(sql: SqlJsStatic, db: Database, statements: string): void {
  runStatements(sql, db, statements);
  try {
    db.exec('ROLLBACK');
  } catch {
    // No transaction was open: everything they did is committed.
  }
}

function verify(sql: SqlJsStatic, db: Database, check: StateCheck): QueryResult {
  return runStatements(sql, db, check.verifySql) ?? { columns: [], rows: [] };
}

/** A statement as one line of a message, cut at 80 characters. */
function oneLine(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 80 ? `${line.slice(0, 80)}…` : line;
}
