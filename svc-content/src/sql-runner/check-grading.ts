/**
 * How a worker grades each kind of check (CONTRACT "Runnable SQL"): on the visible dataset first,
 * then, only when that passes, on the hidden one, whose data never reaches the answer. Expected
 * results come from `Expected` (cached per worker and dataset), so an attempt runs the learner's
 * answer once per dataset and nothing else.
 */
import {
  ATTEMPT_ROWS_SHOWN,
  EXPECTED_ROWS_SHOWN,
  HIDDEN_DATA_MESSAGE,
  isHiddenDataMessage,
  type Probe,
  SQL_RESULT_BYTE_CAPS,
  type SqlValue,
} from '@dblearn/contracts';
import {
  conditionLiterals,
  type Dataset,
  DATASETS,
  documentResults,
  documentTieGroups,
  type GradedAttempt,
  type GradedCheck,
  gradeRows,
  HALF_CHANGED_MESSAGE,
  hiddenDifference,
  MISSING_ORDER_MESSAGE,
  type MongoCollections,
  mongoQueryOrders,
  type MongoQuery,
  mongoSortFields,
  optionsOf,
  orderKeyPlan,
  ordersAtTopLevel,
  parseMongoQuery,
  probeMessage,
  type QueryResult,
  referenceProbeMessage,
  type RowOrder,
  runMingoQuery,
  tieOrder,
  type Verdict,
  WHERE,
} from '@dblearn/lab';
import type { Database, SqlJsStatic } from 'sql.js';
import type { Mingo } from './mingo-bundle.js';
import { runOnCopy, runReadingOrOnCopy, runStatements, SqlFailure } from './sql-engine.js';
import type { SqlJobFailure } from './sql-jobs.js';


/** What grading needs from the worker: fresh data of each dataset and a cache of expected results. */
export interface GradingData {
  sql: SqlJsStatic;
  /** mingo, loaded by the worker for mongo jobs only (a SQL-only worker starts without it). */
  mingo: Mingo | null;
  sqlBytes(which: Dataset): Uint8Array;
  collections(which: Dataset): MongoCollections;
  expected<T>(which: Dataset, compute: () => T): T;
  /**
   * Told once an attempt matches on the practice data, before its hidden run: the answer to give if
   * that run does not end (a time-out, the worker's memory), and how long the practice run took, so
   * the runner bounds the hidden run by a budget of its own (issue 30, Medium 4).
   */
  enteringHidden?(verdict: GradedAttempt, practiceMs: number): void;
  /** What the practice run is timed with, in ms (the worker's: its thread's CPU time, which a busy box or a low priority does not stretch). */
  clockMs?(): number;
}

type StateCheck = Extract<GradedCheck, { kind: 'state' }>;

/** The reference's result on a dataset and how its row order is judged (with its ties). */
interface Expected<R> {
  result: R;
  order: RowOrder;
  /** State checks with `faultAtWrite`: the verification on the dataset before any statement (the "nothing" of all-or-nothing). */
  untouched?: QueryResult;
}

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
    if (check.kind !== 'state') return null;
    const probe = probeFailure(data, check);
    if (probe || !check.faultAtWrite) return probe;
    return atomicityMet(data, check, check.referenceSql) ? null : { error: `With write ${check.faultAtWrite} made to fail, the reference statements leave the data half-changed on the hidden variant.`, line: null };
  } catch (error) {
    if (error instanceof SqlFailure) return { error: error.message, line: error.line };
    throw error;
  }
}

function referenceFailureOn(data: GradingData, check: GradedCheck, which: Dataset): SqlJobFailure | null {
  try {
    const { result } = expectedOf(data, check, which);
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

/** The reference's result on a dataset (a query's rows, a state check's verification after its statements, a mongo query's documents) and its order. */
function expectedOf(data: GradingData, check: GradedCheck, which: Dataset): Expected<QueryResult | unknown[]> {
  return data.expected(which, (): Expected<QueryResult | unknown[]> => {
    switch (check.kind) {
      case 'query': {
        const result = asReferenceError('The reference query does not run', () => runOnCopy(data.sql, data.sqlBytes(which), check.referenceSql));
        return { result, order: sqlOrder(check.referenceSql, result, which, (keyed) => runOnCopy(data.sql, data.sqlBytes(which), keyed)) };
      }
      case 'state': {
        const untouched = check.faultAtWrite ? onCopy(data.sql, data.sqlBytes(which), (db) => asReferenceError('The verification query does not run', () => verify(data.sql, db, check))) : undefined;
        return onCopy(data.sql, data.sqlBytes(which), (db) => {
          asReferenceError('The reference statements do not run', () => runLearnerStatements(data.sql, db, check.referenceSql));
          const result = asReferenceError('The verification query does not run after the reference', () => verify(data.sql, db, check));
          return { result, order: sqlOrder(check.verifySql, result, which, (keyed) => runStatements(data.sql, db, keyed) ?? { columns: [], rows: [] }), untouched };
        });
      }
      case 'mongo': {
        const query = parsedReference(check.referenceQuery);
        const result = asReferenceError('The reference query does not run', () => runMongo(data, data.collections(which), query));
        const fields = mongoSortFields(query);
        const groups = fields ? documentTieGroups(result, fields) : null;
        return { result, order: !mongoQueryOrders(query) ? false : groups ? { tieGroups: groups } : which === 'visible' };
      }
    }
  });
}

/**
 * How a SQL reference's row order is judged: not at all without a top-level ORDER BY; otherwise row
 * by row except among rows that tie under its ORDER BY keys (read from its result's columns, or from
 * the reference run again with the key expressions appended). Where the keys cannot be read, the
 * visible data is judged row by row and the hidden one not at all (its ties could go either way).
 */
function sqlOrder(sql: string, result: QueryResult, which: Dataset, run: (keyed: string) => QueryResult): RowOrder {
  if (!ordersAtTopLevel(sql)) return false;
  const plan = orderKeyPlan(sql, result.columns);
  let keyed: QueryResult | null = result;
  if (plan?.sql) {
    try {
      keyed = run(plan.sql);
    } catch {
      keyed = null;
    }
  }
  return tieOrder(plan, result, keyed, which);
}

/** Each probe after the reference on the visible data must do what it expects (a constraint refuses it, or it runs). */
function probeFailure(data: GradingData, check: StateCheck): SqlJobFailure | null {
  return onCopy(data.sql, data.sqlBytes('visible'), (db) => {
    runLearnerStatements(data.sql, db, check.referenceSql);
    verify(data.sql, db, check);
    const unmet = firstUnmetProbe(data.sql, db, check.probes);
    return unmet && { error: referenceProbeMessage(unmet), line: null };
  });
}

/** Grades a learner's answer (SQL for query and state checks, a ```mongo query for mongo checks). Never throws for what the answer does. */
export function gradeAttempt(data: GradingData, check: GradedCheck, answer: string): GradedAttempt {
  switch (check.kind) {
    case 'query': {
      const unordered = ordersAtTopLevel(check.referenceSql) && !ordersAtTopLevel(answer);
      return gradeOnBoth(data, check, (which) => runReadingOrOnCopy(data.sql, data.sqlBytes(which), answer), { unordered });
    }
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
 * hidden data, whose fail says what kind of difference it is and nothing of its values. `run`
 * throws SqlFailure for the learner's error; `extra` grades more on the hidden data once it matches.
 */
function gradeOnBoth(
  data: GradingData,
  check: Exclude<GradedCheck, { kind: 'mongo' }>,
  run: (which: Dataset) => QueryResult,
  { unordered = false, extra }: { unordered?: boolean; extra?: () => string | null } = {},
): GradedAttempt {
  // The reference's side first, so the practice run's time is the learner's alone (it sets the hidden run's budget).
  const expected = expectedOf(data, check, 'visible') as Expected<QueryResult>;
  const clock = data.clockMs ?? (() => performance.now());
  const started = clock();
  let actual: QueryResult;
  try {
    actual = run('visible');
  } catch (error) {
    return failureOf(error);
  }
  const practiceMs = clock() - started;
  const options = optionsOf(check);
  const verdict = gradeRows(expected.result, actual, expected.order, options);
  const shown: GradedAttempt = { ...verdict, columns: actual.columns, rows: actual.rows.slice(0, ATTEMPT_ROWS_SHOWN), rowCount: actual.rows.length };
  // A fail shows the first expected rows of the visible data beside the learner's: the reason made visible, not the whole answer.
  if (!verdict.passed) return { ...shown, expected: { columns: expected.result.columns, rows: expected.result.rows.slice(0, EXPECTED_ROWS_SHOWN), rowCount: expected.result.rows.length } };
  // Right rows without the ORDER BY the task asks for: SQL promises no order without one, whatever the data gives.
  if (unordered) return { ...shown, passed: false, message: MISSING_ORDER_MESSAGE };
  // Building the hidden data and its expected result is not the learner's run either.
  const onHidden = expectedOf(data, check, 'hidden') as Expected<QueryResult>;
  data.enteringHidden?.({ ...shown, passed: false, message: HIDDEN_DATA_MESSAGE }, practiceMs);
  const hidden = hiddenVerdict(() => {
    const graded = hiddenDifference(onHidden.result, run('hidden'), onHidden.order, options, conditionLiterals(check.referenceSql));
    return graded.passed && extra ? ((message) => (message ? { passed: false, message } : graded))(extra()) : graded;
  });
  return hidden.passed ? shown : { ...shown, passed: false, message: hidden.message };
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
  const atomicity = check.faultAtWrite ? () => (atomicityMet(data, check, statements) ? null : HALF_CHANGED_MESSAGE) : undefined;
  const graded = gradeOnBoth(
    data,
    check,
    (which) =>
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
    { extra: atomicity },
  );
  // Only a result right on the visible data goes on to the probes' verdict (a wrong one already says why).
  if (graded.passed && probeMessage) return { ...graded, passed: false, message: probeMessage };
  if (!graded.passed && probeMessage && isHiddenDataMessage(graded.message)) return { ...graded, message: probeMessage };
  return graded;
}

/**
 * Runs the statements on a fresh copy of the hidden data where the `faultAtWrite`-th row written
 * (any INSERT, UPDATE or DELETE on a table that was there) fails, as a crash or a refused statement
 * in the middle would; a transaction left open is rolled back. The data must then be all-or-nothing:
 * the verification reads as before any statement, or as after the reference's.
 */
function atomicityMet(data: GradingData, check: StateCheck, statements: string): boolean {
  const expected = expectedOf(data, check, 'hidden') as Expected<QueryResult>;
  const after = onCopy(data.sql, data.sqlBytes('hidden'), (db) => {
    installFault(db, check.faultAtWrite as number);
    try {
      runLearnerStatements(data.sql, db, statements);
    } catch (error) {
      if (!(error instanceof SqlFailure)) throw error;
      try {
        db.exec('ROLLBACK');
      } catch {
        // No transaction was open: what ran before the failure stays.
      }
    }
    return verify(data.sql, db, check);
  });
  const options = optionsOf(check);
  return [expected.untouched, expected.result].some((state) => state !== undefined && gradeRows(state, after, false, options).passed);
}

/** Temporary triggers that make the `nth` row written fail (a temporary table counts the writes; a rollback undoes its count too). */
function installFault(db: Database, nth: number): void {
  const tables = db.exec("SELECT name FROM main.sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")[0]?.values ?? [];
  const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
  // temp_store first, as every run sets it: changing it drops what the temporary schema holds.
  let sql = 'PRAGMA temp_store = MEMORY; CREATE TEMP TABLE grader_fault_writes(n INTEGER NOT NULL); INSERT INTO grader_fault_writes VALUES (0);';
  tables.forEach(([name], i) => {
    for (const op of ['INSERT', 'UPDATE', 'DELETE']) {
      sql += `CREATE TEMP TRIGGER grader_fault_${i}_${op} BEFORE ${op} ON main.${quote(String(name))} BEGIN
        UPDATE grader_fault_writes SET n = n + 1;
        SELECT RAISE(ABORT, 'a statement in the middle failed (the grader made it fail)') WHERE (SELECT n FROM grader_fault_writes) = ${Math.trunc(nth)};
      END;`;
    }
  });
  db.exec(sql);
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
  return unmet && probeMessage(unmet);
}

/**
 * The first probe not met: `fails` must be refused, `succeeds` must run, `holds` is a query whose
 * first value must be 1 (a schema fact read from sqlite_schema or a pragma: a NOT NULL, a foreign
 * key and its ON DELETE, a view, no trigger…).
 */
function firstUnmetProbe(sql: SqlJsStatic, db: Database, probes: Probe[]): { index: number; probe: Probe; error: string | null } | null {
  for (const [index, probe] of probes.entries()) {
    let error: string | null = null;
    let result: QueryResult | null = null;
    try {
      result = runStatements(sql, db, probe.sql);
    } catch (failure) {
      if (!(failure instanceof SqlFailure)) throw failure;
      error = failure.message;
    }
    if (probe.expect === 'holds') {
      if (error !== null || result?.rows[0]?.[0] !== 1) return { index, probe, error };
    } else if ((probe.expect === 'fails') !== (error !== null)) return { index, probe, error };
  }
  return null;
}

function gradeMongo(data: GradingData, check: Extract<GradedCheck, { kind: 'mongo' }>, query: MongoQuery): GradedAttempt {
  const onVisible = expectedOf(data, check, 'visible') as Expected<unknown[]>;
  const clock = data.clockMs ?? (() => performance.now());
  const started = clock();
  let documents: unknown[];
  try {
    documents = runMongo(data, data.collections('visible'), query);
  } catch (error) {
    return failureOf(error);
  }
  const practiceMs = clock() - started;
  const results = documentResults(onVisible.result, documents);
  const verdict = gradeRows(results.expected, results.actual, onVisible.order);
  const { actual, expected } = results;
  const shown: GradedAttempt = { ...verdict, columns: actual.columns, rows: actual.rows.slice(0, ATTEMPT_ROWS_SHOWN), rowCount: actual.rows.length };
  if (!verdict.passed) return { ...shown, expected: { columns: expected.columns, rows: expected.rows.slice(0, EXPECTED_ROWS_SHOWN), rowCount: expected.rows.length } };
  if (mongoQueryOrders(parsedReference(check.referenceQuery)) && !mongoQueryOrders(query)) return { ...shown, passed: false, message: MISSING_ORDER_MESSAGE };
  const reference = expectedOf(data, check, 'hidden') as Expected<unknown[]>;
  data.enteringHidden?.({ ...shown, passed: false, message: HIDDEN_DATA_MESSAGE }, practiceMs);
  const hidden = hiddenVerdict(() => {
    const onHidden = documentResults(reference.result, runMongo(data, data.collections('hidden'), query));
    return hiddenDifference(onHidden.expected, onHidden.actual, reference.order, {}, mongoLiterals(parsedReference(check.referenceQuery)));
  });
  return hidden.passed ? shown : { ...shown, passed: false, message: hidden.message };
}

/** The values a mongo reference compares with ($gt, $gte, $lt, $lte, $eq, $ne, $in, $nin): a row holding one is at the boundary. */
function mongoLiterals(query: MongoQuery): SqlValue[] {
  const values: SqlValue[] = [];
  const visit = (node: unknown, compared: boolean) => {
    if (Array.isArray(node)) node.forEach((item) => visit(item, compared));
    else if (node && typeof node === 'object') for (const [key, value] of Object.entries(node)) visit(value, /^\$(gte?|lte?|eq|ne|n?in)$/.test(key));
    else if (compared && (typeof node === 'number' || typeof node === 'string')) values.push(node);
  };
  visit(query, false);
  return values;
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
 * Runs a parsed query with mingo on the collections, as the browser's mongo lab runs it (@dblearn/lab
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
  const result = runStatements(sql, db, check.verifySql) ?? { columns: [], rows: [] };
  return isPlan(result) ? planShape(db, result) : result;
}

/** An EXPLAIN QUERY PLAN result: its columns are SQLite's id, parent, notused, detail. */
function isPlan(result: QueryResult): boolean {
  return result.columns.join(',') === 'id,parent,notused,detail';
}

/**
 * A plan as its shape (issue 31): each step's depth in the tree and its detail with every index
 * named by its table and columns instead of its name, in plan order. Node ids (which ANALYZE or
 * another index's creation renumbers) and names are not compared, so another index on the same
 * columns giving the same plan passes, and so does the right index plus ANALYZE. An index's trailing
 * INTEGER PRIMARY KEY column is left out of its columns: where that key is the rowid, every index
 * holds it already, so (a, b, id) is the index (a, b). Where the key is not the rowid (the hidden
 * variant rebuilds such tables with the key declared DESC), COVERING is not compared either: it
 * then tells only whether the index lists the key, which on the practice data it need not.
 */
function planShape(db: Database, plan: QueryResult): QueryResult {
  const depth = new Map<SqlValue, number>();
  const rows = plan.rows.map(([id, parent, , detail]) => {
    const level = (depth.get(parent ?? null) ?? -1) + 1;
    depth.set(id ?? null, level);
    return [
      level,
      String(detail ?? '').replace(/\b(COVERING )?INDEX (\S+)/g, (whole, covering: string | undefined, name: string) => {
        const index = indexShape(db, name);
        if (!index) return whole;
        return `${covering && !index.keyBesideRowid ? covering : ''}INDEX ${index.columns}`;
      }),
    ];
  });
  return { columns: ['depth', 'step'], rows };
}

/**
 * An index as "on enrollment(course_id)", without a trailing INTEGER PRIMARY KEY column, and whether
 * its table's INTEGER PRIMARY KEY is a column beside the rowid; null when `name` is no index.
 */
function indexShape(db: Database, name: string): { columns: string; keyBesideRowid: boolean } | null {
  const [info] = db.exec("SELECT m.tbl_name, t.sql FROM sqlite_schema m JOIN sqlite_schema t ON t.type = 'table' AND t.name = m.tbl_name WHERE m.type = 'index' AND m.name = ?", [name]);
  const [table, tableSql] = info?.values[0] ?? [];
  if (!table) return null;
  const columns = (db.exec('SELECT name FROM pragma_index_info(?) ORDER BY seqno', [name])[0]?.values ?? []).map(([column]) => String(column));
  const keys = db.exec('SELECT name, type FROM pragma_table_info(?) WHERE pk > 0', [String(table)])[0]?.values ?? [];
  const integerKey = keys.length === 1 && String(keys[0]?.[1]).toUpperCase() === 'INTEGER' ? String(keys[0]?.[0]) : null;
  while (integerKey && columns.length > 1 && columns[columns.length - 1] === integerKey) columns.pop();
  const keyBesideRowid = integerKey !== null && /PRIMARY\s+KEY\s+DESC/i.test(String(tableSql ?? ''));
  return { columns: `on ${String(table)}(${columns.join(', ')})`, keyBesideRowid };
}
