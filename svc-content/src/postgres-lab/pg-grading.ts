/**
 * Query and state checks graded on the PostgreSQL lab (issue 32; docs/decisions/0036), by the rules
 * SQLite's workers grade with (check-grading.ts, libs/lab grading.ts): the visible data first, then,
 * once that matches, the hidden data as a black box; order judged with ties free; columnOrder;
 * a state check's verification, probes and faultAtWrite. One attempt is one PostgresLab session: a
 * copy of the visible data, and a copy of the hidden data in the same transaction, all rolled back.
 *
 * The hidden data on PostgreSQL is the course's own: the admin's hidden script, or the variant the
 * SQLite workers derive, its rows copied into a copy of the PostgreSQL schema (a `rows` job), so both
 * engines grade on the same hidden rows. The scripts are built once per sandbox (a look at the
 * catalogue of one load) and the reference's results once per check and dataset; an attempt then
 * loads each script in one round trip and runs the learner's SQL.
 */
import {
  ATTEMPT_ROWS_SHOWN,
  EXPECTED_ROWS_SHOWN,
  HIDDEN_DATA_MESSAGE,
  isHiddenDataMessage,
  type Probe,
  type SqlValue,
} from '@dblearn/contracts';
import {
  atLine,
  conditionLiterals,
  type Dataset,
  type GradedAttempt,
  type GradedCheck,
  gradeRows,
  HALF_CHANGED_MESSAGE,
  hiddenDifference,
  MISSING_ORDER_MESSAGE,
  optionsOf,
  orderKeyPlan,
  ordersAtTopLevel,
  probeMessage,
  type QueryResult,
  referenceProbeMessage,
  type RowOrder,
  statementLine,
  tieOrder,
  WHERE,
} from '@dblearn/lab';
import type { RunnableSandbox } from '../sandboxes/sandboxes.service.js';
import { scriptsOf } from '../sandboxes/sandboxes.service.js';
import type { DatasetTable } from '../sql-runner/sql-jobs.js';
import { type SqlRunner, TIMED_OUT } from '../sql-runner/sql-runner.js';
import { pgStatementRefusal, readsOnly, splitPgStatements } from './pg-statements.js';
import { type PgLabResult, type PgSession, type PostgresLab, PostgresLabFailure, PostgresLabUnavailable, TemplateGone } from './postgres-lab.js';

/** A SQL check as PostgreSQL grades it: its PostgreSQL variants already in place of the SQLite parts. */
export type PgCheck = Exclude<GradedCheck, { kind: 'mongo' }>;
type PgStateCheck = Extract<PgCheck, { kind: 'state' }>;

/** A course's sandbox with its PostgreSQL variants (null: the SQLite script runs there as it is). */
export type PgSandbox = RunnableSandbox & { postgresSource?: string | null; hiddenPostgresSource?: string | null };

/** The check (or its sandbox) is graded on SQLite only; the message says why (a 400, nothing recorded). */
export class SqliteOnly extends Error {}

/** SQLite's own catalogue and plans: a check that reads them needs a PostgreSQL variant to grade there. */
export const SQLITE_CATALOGUE = /\bpragma_\w+|\bsqlite_(?:schema|master)\b|\bPRAGMA\b|\bEXPLAIN\s+QUERY\s+PLAN\b|\bWITHOUT\s+ROWID\b/i;

/** Why a check cannot be graded on PostgreSQL as written, or null. */
export function sqliteOnlyReason(check: PgCheck): string | null {
  const parts = [check.referenceSql, ...(check.kind === 'state' ? [check.verifySql, ...check.probes.map((probe) => probe.sql)] : [])];
  if (parts.some((part) => SQLITE_CATALOGUE.test(part))) return "This check is graded on SQLite only: it reads SQLite's own catalogue or plans. Switch the engine to SQLite to be graded.";
  return null;
}

/** The two scripts an attempt loads: each the sandbox's PostgreSQL form plus what the catalogue look added. */
interface PgScripts {
  visible: string;
  hidden: string;
}

interface PgExpected {
  result: QueryResult;
  order: RowOrder;
  untouched?: QueryResult;
}

/** Caches kept small: sandboxes are few, checks a few hundred. */
const SCRIPTS_KEPT = 64;
const EXPECTED_KEPT = 2_048;
/** An expected result is the admins' content: given the time a busy box may need for it. */
const EXPECTED_TIME_LIMIT_MS = 30_000;

const EMPTY: QueryResult = { columns: [], rows: [] };
const lastOf = (results: PgLabResult[]): QueryResult => results[results.length - 1] ?? EMPTY;

export class PostgresGrader {
  private readonly scripts = new Map<string, Promise<PgScripts>>();
  private readonly expected = new Map<string, Promise<PgExpected>>();

  constructor(
    private readonly lab: PostgresLab,
    private readonly runner: SqlRunner,
  ) {}

  /**
   * The verdict on the learner's answer. Throws SqliteOnly (the check or sandbox cannot run here),
   * PostgresLabUnavailable (503); a failure of the learner's SQL is a failed verdict.
   */
  async grade(sandbox: PgSandbox, check: PgCheck, answer: string): Promise<GradedAttempt> {
    const reason = sqliteOnlyReason(check);
    if (reason) throw new SqliteOnly(reason);
    const scripts = await this.scriptsOf(sandbox);
    const [visible, hidden] = await Promise.all((['visible', 'hidden'] as const).map((which) => this.expectedOf(sandbox.key, scripts, check, which, true)));
    if (check.kind === 'query' && readsOnly(answer)) {
      const onTemplates = await this.gradeOnTemplates(scripts, check, answer, visible!, hidden!);
      if (onTemplates) return onTemplates;
    }
    let phase = 'visible' as Dataset;
    let shown = null as GradedAttempt | null;
    try {
      return await this.lab.session(async (session) => {
        // Each phase in a savepoint undone after it: what one left (a temporary table, an aborted statement) never reaches the next.
        const practice = await session.undone(() => this.practiceRun(session, scripts, check, answer));
        if ('message' in practice) return { passed: false, message: practice.message };
        const judged = visibleVerdict(check, answer, visible!, practice.result);
        if ('final' in judged) return judged.final;
        shown = judged.shown;
        phase = 'hidden';
        const onHidden = await session.undone(() => this.hiddenVerdict(session, scripts, check, answer, hidden!));
        // Only a result right on the visible data goes on to the probes' verdict (a wrong one already says why).
        if (practice.probeMessage && (onHidden.passed || isHiddenDataMessage(onHidden.message))) return { ...shown, passed: false, message: practice.probeMessage };
        return onHidden.passed ? shown : { ...shown, passed: false, message: onHidden.message };
      });
    } catch (error) {
      return phaseFailure(error, phase, shown);
    }
  }

  /**
   * A read-only query attempt on the committed templates (decision 0042): the visible phase as the
   * lab role, the hidden one on a connection of the hidden role, each in a read-only transaction
   * rolled back. Null when the lab has no templates or this sandbox cannot have them (the caller
   * loads copies as before); a template pruned meanwhile is made again once.
   */
  private async gradeOnTemplates(scripts: PgScripts, check: PgCheck, answer: string, visible: PgExpected, hidden: PgExpected, retried = false): Promise<GradedAttempt | null> {
    const templates = this.lab.templates;
    if (!templates) return null;
    let names: { visible: string; hidden: string };
    try {
      names = { visible: await templates.templateOf(scripts.visible, 'visible'), hidden: await templates.templateOf(scripts.hidden, 'hidden') };
    } catch {
      return null;
    }
    let phase = 'visible' as Dataset;
    let shown = null as GradedAttempt | null;
    try {
      let result: QueryResult;
      try {
        result = await this.lab.onTemplate(names.visible, 'visible', async (session) => lastOf(await session.run(answer)));
      } catch (error) {
        if (error instanceof PostgresLabFailure && !error.timedOut) return { passed: false, message: error.message };
        throw error;
      }
      const judged = visibleVerdict(check, answer, visible, result);
      if ('final' in judged) return judged.final;
      shown = judged.shown;
      phase = 'hidden';
      const onHidden = await this.lab.onTemplate(names.hidden, 'hidden', async (session) => lastOf(await session.run(answer)));
      const graded = hiddenDifference(hidden.result, onHidden, hidden.order, optionsOf(check), conditionLiterals(check.referenceSql));
      return graded.passed ? shown : { ...shown, passed: false, message: graded.message ?? HIDDEN_DATA_MESSAGE };
    } catch (error) {
      if (error instanceof TemplateGone && !retried) {
        // Pruned together, as a rule: both made again.
        templates.forget(names.visible);
        templates.forget(names.hidden);
        return this.gradeOnTemplates(scripts, check, answer, visible, hidden, true);
      }
      return phaseFailure(error, phase, shown);
    }
  }

  /** The visible copy's script as graded attempts load it (identity keys included), for the run route; throws SqliteOnly when it does not load. */
  async visibleScript(sandbox: PgSandbox): Promise<string> {
    return (await this.scriptsOf(sandbox)).visible;
  }

  /** Why the check's reference cannot be saved for PostgreSQL (it fails there on either dataset, or a probe is not met), or null. */
  async referenceFailure(sandbox: PgSandbox, check: PgCheck): Promise<string | null> {
    if (sqliteOnlyReason(check)) return null;
    try {
      const scripts = await this.scriptsOf(sandbox);
      const expected = { visible: await this.expectedOf(sandbox.key, scripts, check, 'visible', false), hidden: await this.expectedOf(sandbox.key, scripts, check, 'hidden', false) };
      if (check.kind === 'state' && expected.visible.result.columns.length === 0) return 'On PostgreSQL, the verification query returns no result: make it a SELECT.';
      if (check.kind !== 'state') return null;
      return await this.lab.session(async (session) => {
        const unmet = await session.undone(async () => {
          await session.newCopy(scripts.visible);
          await session.run(check.referenceSql, { learnerTransactions: true });
          await session.query(check.verifySql);
          return firstUnmetProbe(session, check.probes);
        });
        if (unmet) return `On PostgreSQL: ${referenceProbeMessage(unmet)}`;
        if (check.faultAtWrite && !(await this.atomicityMet(session, scripts, check, check.referenceSql, expected.hidden))) {
          return `On PostgreSQL, with write ${check.faultAtWrite} made to fail, the reference statements leave the data half-changed on the hidden variant.`;
        }
        return null;
      }, EXPECTED_TIME_LIMIT_MS);
    } catch (error) {
      if (error instanceof SqliteOnly || error instanceof PostgresLabFailure) return error.message;
      throw error;
    }
  }

  /**
   * Which query checks' references fail on PostgreSQL, for an import's many checks on one sandbox:
   * each dataset loaded once and every reference run on it in a savepoint, where referenceFailure
   * loads two copies per check. Worded as referenceFailure words it; null where it runs (or the check
   * reads SQLite's catalogue: graded on SQLite only). Throws SqliteOnly when the sandbox does not load.
   */
  async queryReferenceFailures(sandbox: PgSandbox, checks: Extract<PgCheck, { kind: 'query' }>[]): Promise<(string | null)[]> {
    const failures = checks.map((): string | null => null);
    if (checks.every((check) => sqliteOnlyReason(check))) return failures;
    const scripts = await this.scriptsOf(sandbox);
    for (const which of ['visible', 'hidden'] as const) {
      await this.lab.session(async (session) => {
        await session.newCopy(scripts[which]);
        for (const [index, check] of checks.entries()) {
          if (failures[index] !== null || sqliteOnlyReason(check)) continue;
          await session.undone(() => session.run(check.referenceSql)).catch((error: unknown) => {
            if (!(error instanceof PostgresLabFailure) || error.timedOut) throw error;
            failures[index] = `The reference query does not run on ${WHERE[which]}: ${error.message}`;
          });
        }
      }, EXPECTED_TIME_LIMIT_MS);
    }
    return failures;
  }

  /** The learner's SQL on the visible copy: its result (and a state check's first unmet probe), or the failure to tell. */
  private async practiceRun(session: PgSession, scripts: PgScripts, check: PgCheck, answer: string): Promise<{ result: QueryResult; probeMessage?: string | null } | { message: string }> {
    await session.newCopy(scripts.visible);
    try {
      if (check.kind === 'query') return { result: lastOf(await session.run(answer)) };
      await session.run(answer, { learnerTransactions: true });
    } catch (error) {
      if (error instanceof PostgresLabFailure && !error.timedOut) return { message: error.message };
      throw error;
    }
    const result = await afterStatements(() => session.query(check.verifySql));
    if ('message' in result) return result;
    const unmet = await firstUnmetProbe(session, check.probes);
    return { result, probeMessage: unmet && probeMessage(unmet) };
  }

  /** The same answer on a copy of the hidden data, judged as a black box; then all-or-nothing when the check asks. */
  private async hiddenVerdict(session: PgSession, scripts: PgScripts, check: PgCheck, answer: string, expected: PgExpected): Promise<{ passed: true } | { passed: false; message: string }> {
    const blackBox = { passed: false as const, message: HIDDEN_DATA_MESSAGE };
    await session.newCopy(scripts.hidden);
    let result: QueryResult;
    try {
      if (check.kind === 'query') result = lastOf(await session.run(answer));
      else {
        await session.run(answer, { learnerTransactions: true });
        result = await session.query(check.verifySql);
      }
    } catch (error) {
      if (error instanceof PostgresLabFailure) return blackBox;
      throw error;
    }
    const graded = hiddenDifference(expected.result, result, expected.order, optionsOf(check), conditionLiterals(check.referenceSql));
    if (!graded.passed) return { passed: false, message: graded.message ?? HIDDEN_DATA_MESSAGE };
    if (check.kind === 'state' && check.faultAtWrite && !(await session.undone(() => this.atomicityMet(session, scripts, check, answer, expected)))) return { passed: false, message: HALF_CHANGED_MESSAGE };
    return { passed: true };
  }

  /**
   * The statements on another copy of the hidden data where the `faultAtWrite`-th row written fails
   * (a trigger on every table counts the writes); a learner's transaction left open is rolled back.
   * The verification must then read as before any statement, or as after the reference's.
   */
  private async atomicityMet(session: PgSession, scripts: PgScripts, check: PgStateCheck, statements: string, expected: PgExpected): Promise<boolean> {
    await session.newCopy(scripts.hidden);
    await session.query(faultSql(check.faultAtWrite as number));
    try {
      await session.run(statements, { learnerTransactions: true, stopAtFailure: true });
    } catch (error) {
      if (!(error instanceof PostgresLabFailure) || error.timedOut) throw error;
      return false;
    }
    const after = await session.query(check.verifySql);
    const options = optionsOf(check);
    return [expected.untouched, expected.result].some((state) => state !== undefined && gradeRows(state, after, false, options).passed);
  }

  /**
   * The reference's result on a dataset, and its order; cached per sandbox, check and dataset. When
   * `graded` (an attempt) a reference that fails here makes the check SQLite-only for now.
   */
  private expectedOf(sandboxKey: string, scripts: PgScripts, check: PgCheck, which: Dataset, graded: boolean): Promise<PgExpected> {
    const key = `${sandboxKey}\u0000${which}\u0000${JSON.stringify(check)}`;
    const kept = this.expected.get(key);
    if (kept) return kept.catch((error: unknown) => Promise.reject(graded ? sqliteOnlyOf(error) : error));
    const compute = async (session: PgSession) => {
      await session.newCopy(which === 'visible' ? scripts.visible : scripts.hidden);
      return referenceRun(session, check, which);
    };
    const expected = this.lab.session(compute, EXPECTED_TIME_LIMIT_MS);
    remember(this.expected, key, expected, EXPECTED_KEPT);
    // Not kept when the server was away: the next attempt tries again.
    expected.catch((error: unknown) => {
      if (!(error instanceof PostgresLabFailure) || error.timedOut) this.expected.delete(key);
    });
    return expected.catch((error: unknown) => Promise.reject(graded ? sqliteOnlyOf(error) : error));
  }

  /** The sandbox's two PostgreSQL scripts, built once (a load, a look at its catalogue, the hidden rows from a SQLite worker). */
  private scriptsOf(sandbox: PgSandbox): Promise<PgScripts> {
    const kept = this.scripts.get(sandbox.key);
    if (kept) return kept;
    const scripts = this.buildScripts(sandbox);
    remember(this.scripts, sandbox.key, scripts, SCRIPTS_KEPT);
    scripts.catch((error: unknown) => {
      if (error instanceof PostgresLabUnavailable || (error instanceof PostgresLabFailure && error.timedOut)) this.scripts.delete(sandbox.key);
    });
    return scripts;
  }

  private async buildScripts(sandbox: PgSandbox): Promise<PgScripts> {
    const visibleSource = sandbox.postgresSource ?? sandbox.source;
    const visible = await this.withCatalogue(visibleSource, 'The sandbox', (catalogue) => `${visibleSource}\n;\n${keysLikeSqlite(catalogue)}${sequencesPastRows(catalogue)}`);
    if (sandbox.hiddenSource !== null) {
      const hiddenSource = sandbox.hiddenPostgresSource ?? sandbox.hiddenSource;
      const hidden = await this.withCatalogue(hiddenSource, 'The hidden variant', (catalogue) => `${hiddenSource}\n;\n${keysLikeSqlite(catalogue)}${sequencesPastRows(catalogue)}`);
      return { visible, hidden };
    }
    const reply = await this.runner.run({ op: 'rows', sandboxKey: sandbox.key, source: scriptsOf(sandbox), which: 'hidden' }, { admin: true });
    if (reply === TIMED_OUT || !('tables' in reply)) throw new SqliteOnly("This course's hidden data could not be built for PostgreSQL; the check is graded on SQLite only for now.");
    const hidden = await this.withCatalogue(visibleSource, 'The sandbox', (catalogue) => `${visibleSource}\n;\n${keysLikeSqlite(catalogue)}${rowsReplaced(catalogue, reply.tables)}${sequencesPastRows(catalogue)}`);
    return { visible, hidden };
  }

  /** Loads `script` once (its statements judged as a learner's would be first) and builds a script from its catalogue. */
  private async withCatalogue(script: string, what: string, build: (catalogue: TableInfo[]) => string): Promise<string> {
    for (const statement of splitPgStatements(script)) {
      const refused = pgStatementRefusal(statement.sql);
      if (refused) throw new SqliteOnly(`${what} does not run on PostgreSQL: ${refused} is not allowed there.`);
    }
    try {
      return await this.lab.session(async (session) => {
        await session.newCopy(script);
        const { rows } = await session.query(CATALOGUE_SQL);
        return build(rows.map(([json]) => JSON.parse(String(json)) as TableInfo));
      }, EXPECTED_TIME_LIMIT_MS);
    } catch (error) {
      if (error instanceof PostgresLabFailure && !error.timedOut) throw new SqliteOnly(`${what} does not run on PostgreSQL: ${error.message}`);
      throw error;
    }
  }
}

/**
 * The verdict on the visible data: final (wrong, or a sorted reference answered unsorted), or the
 * attempt as shown while the hidden data is still to judge.
 */
function visibleVerdict(check: PgCheck, answer: string, expected: PgExpected, result: QueryResult): { final: GradedAttempt } | { shown: GradedAttempt } {
  const verdict = gradeRows(expected.result, result, expected.order, optionsOf(check));
  const shown = { ...verdict, columns: result.columns, rows: result.rows.slice(0, ATTEMPT_ROWS_SHOWN), rowCount: result.rows.length };
  if (!verdict.passed) return { final: { ...shown, expected: { columns: expected.result.columns, rows: expected.result.rows.slice(0, EXPECTED_ROWS_SHOWN), rowCount: expected.result.rows.length } } };
  if (check.kind === 'query' && ordersAtTopLevel(check.referenceSql) && !ordersAtTopLevel(answer)) return { final: { ...shown, passed: false, message: MISSING_ORDER_MESSAGE } };
  return { shown };
}

/** A failure thrown out of an attempt's phases: the hidden run is a black box (its time-out told as any difference there); a time-out elsewhere is the learner's. */
function phaseFailure(error: unknown, phase: Dataset, shown: GradedAttempt | null): GradedAttempt {
  if (phase === 'hidden' && error instanceof PostgresLabFailure) return { ...(shown ?? {}), passed: false, message: HIDDEN_DATA_MESSAGE };
  if (error instanceof PostgresLabFailure && error.timedOut) return { passed: false, message: error.message };
  throw error;
}

/** A reference that fails on PostgreSQL: the check is graded on SQLite only until it has a variant. */
function sqliteOnlyOf(error: unknown): unknown {
  if (error instanceof PostgresLabFailure && !error.timedOut) return new SqliteOnly(`This check is graded on SQLite only for now: its reference does not run on PostgreSQL (${error.message}). Switch the engine to SQLite to be graded.`);
  return error;
}

function remember<V>(map: Map<string, V>, key: string, value: V, size: number): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > size) map.delete(map.keys().next().value as string);
}

/** The reference's run on a loaded copy (a state check: statements, then its verification; before them too when it has faultAtWrite). */
async function referenceRun(session: PgSession, check: PgCheck, which: Dataset): Promise<PgExpected> {
  const part = (name: string, oneQuery?: string) => (error: unknown) => {
    if (error instanceof PostgresLabFailure && !error.timedOut) {
      // A verification query is one statement run as a query: its line is where it starts, as SQLite names it.
      const line = error.line ?? (oneQuery === undefined ? null : statementLine(oneQuery, 0));
      throw new PostgresLabFailure(`${name} on ${WHERE[which]}: ${error.line === null && line !== null ? atLine(line, error.message) : error.message}`, 'statements', line);
    }
    throw error;
  };
  if (check.kind === 'query') {
    const result = lastOf(await session.run(check.referenceSql).catch(part('The reference query does not run')));
    return { result, order: await orderOf(session, check.referenceSql, result, which, async (keyed) => lastOf(await session.run(keyed))) };
  }
  const untouched = check.faultAtWrite ? await session.query(check.verifySql).catch(part('The verification query does not run', check.verifySql)) : undefined;
  await session.run(check.referenceSql, { learnerTransactions: true }).catch(part('The reference statements do not run'));
  const result = await session.query(check.verifySql).catch(part('The verification query does not run after the reference', check.verifySql));
  return { result, order: await orderOf(session, check.verifySql, result, which, (keyed) => session.query(keyed)), untouched };
}

/** sqlOrder of check-grading.ts on PostgreSQL: the keyed run in a savepoint (a failure there leaves the order unknown). */
async function orderOf(session: PgSession, sql: string, result: QueryResult, which: Dataset, run: (keyed: string) => Promise<QueryResult>): Promise<RowOrder> {
  if (!ordersAtTopLevel(sql)) return false;
  const plan = orderKeyPlan(sql, result.columns);
  let keyed: QueryResult | null = result;
  if (plan?.sql) {
    const keyedSql = plan.sql;
    keyed = await session.undone(() => run(keyedSql)).catch(() => null);
  }
  return tieOrder(plan, result, keyed, which);
}

/** The check's own query failing on what the learner's statements left is the learner's fail. */
async function afterStatements(run: () => Promise<QueryResult>): Promise<QueryResult | { message: string }> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof PostgresLabFailure && !error.timedOut) return { message: `After your statements the check's query fails: ${error.message}` };
    throw error;
  }
}

/**
 * The first probe not met, in order, each seeing what the ones before it did (a failed one is
 * undone, as SQLite undoes a failed statement): `fails` must be refused,
 * `succeeds` must run, `holds` is a query whose first value must be true (1, or PostgreSQL's t).
 */
async function firstUnmetProbe(session: PgSession, probes: Probe[]): Promise<{ index: number; probe: Probe; error: string | null } | null> {
  for (const [index, probe] of probes.entries()) {
    let error: string | null = null;
    let result: QueryResult | null = null;
    try {
      result = await session.keptIfDone(() => session.query(probe.sql));
    } catch (failure) {
      if (!(failure instanceof PostgresLabFailure) || failure.timedOut) throw failure;
      error = failure.message;
    }
    const first = result?.rows[0]?.[0];
    if (probe.expect === 'holds') {
      if (error !== null || (first !== 1 && first !== 't')) return { index, probe, error };
    } else if ((probe.expect === 'fails') !== (error !== null)) return { index, probe, error };
  }
  return null;
}

/** A table of a loaded copy as CATALOGUE_SQL reads it. */
interface TableInfo {
  name: string;
  columns: { name: string; generated: boolean; identity: boolean; sequence: string | null }[];
  parents: string[];
  /** A one-column integer primary key with no default: SQLite numbers such a key itself. */
  integerKey: string | null;
  triggers: boolean;
}

const CATALOGUE_SQL = `
SELECT json_build_object(
  'name', c.relname,
  'columns', (SELECT json_agg(json_build_object('name', a.attname, 'generated', a.attgenerated <> '', 'identity', a.attidentity <> '',
      'sequence', pg_get_serial_sequence(quote_ident(c.relname), a.attname)) ORDER BY a.attnum)
    FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped),
  'parents', COALESCE((SELECT json_agg(DISTINCT p.relname) FROM pg_constraint f JOIN pg_class p ON p.oid = f.confrelid
    WHERE f.conrelid = c.oid AND f.contype = 'f' AND f.confrelid <> c.oid), '[]'::json),
  'integerKey', (SELECT a.attname FROM pg_constraint k JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = k.conkey[1]
    WHERE k.conrelid = c.oid AND k.contype = 'p' AND cardinality(k.conkey) = 1 AND a.atttypid IN (20, 21, 23) AND NOT a.atthasdef AND a.attidentity = ''),
  'triggers', EXISTS (SELECT 1 FROM pg_trigger t WHERE t.tgrelid = c.oid AND NOT t.tgisinternal))
FROM pg_class c WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind IN ('r', 'p') ORDER BY c.relname`;

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** A value of a SQLite row as a PostgreSQL literal of unknown type (the column's type reads it: '1' is true in a boolean). */
function literal(value: SqlValue | Uint8Array): string {
  if (value === null) return 'NULL';
  if (value instanceof Uint8Array) return `'\\x${Buffer.from(value).toString('hex')}'`;
  return `'${String(value).replace(/'/g, "''")}'`;
}

/**
 * SQLite's INTEGER PRIMARY KEY numbers a row inserted without its key; PostgreSQL's does not. The
 * same key on PostgreSQL becomes an identity column (BY DEFAULT: explicit keys still go in), so an
 * insert that leaves the key out works on both engines (docs/decisions/0036).
 */
function keysLikeSqlite(tables: TableInfo[]): string {
  return tables
    .filter((table) => table.integerKey)
    .map((table) => `ALTER TABLE ${ident(table.name)} ALTER COLUMN ${ident(table.integerKey as string)} ADD GENERATED BY DEFAULT AS IDENTITY;\n`)
    .join('');
}

/** Every identity or serial column's next number past the rows there (the rows came with their keys). */
function sequencesPastRows(tables: TableInfo[]): string {
  return tables
    .flatMap((table) =>
      table.columns
        .filter((column) => column.identity || column.sequence || column.name === table.integerKey)
        .map((column) => `SELECT setval(pg_get_serial_sequence('${ident(table.name).replace(/'/g, "''")}', '${column.name.replace(/'/g, "''")}'), COALESCE(MAX(${ident(column.name)}), 0) + 1, false) FROM ${ident(table.name)};\n`),
    )
    .join('');
}

/** Parents before children (a table's own rows may point at each other: one INSERT checks them at its end). */
function parentsFirst(tables: TableInfo[]): TableInfo[] {
  const byName = new Map(tables.map((table) => [table.name, table]));
  const ordered: TableInfo[] = [];
  const placed = new Set<string>();
  const visiting = new Set<string>();
  const place = (table: TableInfo) => {
    if (placed.has(table.name) || visiting.has(table.name)) return;
    visiting.add(table.name);
    for (const parent of table.parents) {
      const known = byName.get(parent);
      if (known) place(known);
    }
    placed.add(table.name);
    ordered.push(table);
  };
  tables.forEach(place);
  return ordered;
}

/** The tables emptied and filled with the hidden rows (SQLite's derived variant), in their stored order. */
function rowsReplaced(tables: TableInfo[], rows: DatasetTable[]): string {
  const hidden = new Map(rows.map((table) => [table.name, table]));
  const filled = parentsFirst(tables).filter((table) => hidden.has(table.name));
  if (filled.length === 0) return '';
  let sql = `TRUNCATE ${filled.map((table) => ident(table.name)).join(', ')};\n`;
  for (const table of filled) {
    const source = hidden.get(table.name) as DatasetTable;
    const stored = new Set(table.columns.filter((column) => !column.generated).map((column) => column.name));
    const picked = source.columns.map((name, i) => ({ name, i })).filter(({ name }) => stored.has(name));
    if (source.rows.length === 0 || picked.length === 0) continue;
    const overriding = table.columns.some((column) => column.identity) || table.integerKey ? ' OVERRIDING SYSTEM VALUE' : '';
    const values = source.rows.map((row) => `(${picked.map(({ i }) => literal(row[i] ?? null)).join(', ')})`).join(',\n');
    if (table.triggers) sql += `ALTER TABLE ${ident(table.name)} DISABLE TRIGGER USER;\n`;
    sql += `INSERT INTO ${ident(table.name)} (${picked.map(({ name }) => ident(name)).join(', ')})${overriding} VALUES\n${values};\n`;
    if (table.triggers) sql += `ALTER TABLE ${ident(table.name)} ENABLE TRIGGER USER;\n`;
  }
  return sql;
}

/** Temporary triggers on every table of the copy that make the `nth` row written fail (a savepoint's rollback undoes their count too). */
function faultSql(nth: number): string {
  return `CREATE TEMP TABLE grader_fault_writes (n integer NOT NULL); INSERT INTO grader_fault_writes VALUES (0);
CREATE FUNCTION pg_temp.grader_fault() RETURNS trigger LANGUAGE plpgsql AS $grader$
BEGIN
  UPDATE grader_fault_writes SET n = n + 1;
  IF (SELECT n FROM grader_fault_writes) = ${Math.trunc(nth)} THEN RAISE EXCEPTION 'a statement in the middle failed (the grader made it fail)'; END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NEW;
END $grader$;
DO $grader$ DECLARE t text; BEGIN
  FOR t IN SELECT c.relname FROM pg_class c WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind = 'r' LOOP
    EXECUTE format('CREATE TRIGGER grader_fault BEFORE INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION pg_temp.grader_fault()', t);
  END LOOP;
END $grader$;`;
}
