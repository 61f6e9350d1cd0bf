import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { HIDDEN_DATA_PREFIX, isPostgresOnly, type Probe, type SqlValue, type StoredCheck } from '@dblearn/contracts';
import { blankLiterals, MISSING_ORDER_MESSAGE, ordersAtTopLevel } from '@dblearn/lab';
import type { SqlJsStatic } from 'sql.js';
import { SHIPPED_CONTENT_DIR } from '../config/content-config.js';
import { readContentFolder } from '../seed/content-folder.js';
import { buildSandbox, loadEngine, runOnCopy, runStatements, SqlFailure } from './sql-engine.js';
import { SqlRunner } from './sql-runner.js';

/** Every fail on the hidden data starts so, then names the kind of difference. */
const hiddenDataMessage = new RegExp(`^${HIDDEN_DATA_PREFIX}`);

// Issue 18: every shipped check is graded on its course's visible sandbox and the hidden variant
// derived from it, through the real worker pool (its worker script is the built one in dist/).

const runner = new SqlRunner({ sqlWorkers: 1 });
/**
 * What a check does, not how fast: every job gets 20 s, as a first build of a sandbox and its variant
 * (and a 150-row pasted answer) can outlast the learner's time limit on a machine busy with other suites.
 */
const grade = (job: Parameters<SqlRunner['run']>[0]) => runner.run(job, undefined, 20_000);
afterAll(() => runner.onModuleDestroy());
let engine: SqlJsStatic;
beforeAll(async () => {
  engine = await loadEngine();
});

const literal = (value: SqlValue) => (value === null ? 'NULL' : typeof value === 'number' ? String(value) : `'${value.replace(/'/g, "''")}'`);

/** The visible expected rows typed in as constants: what a learner pastes after seeing them. */
function pasted(columns: string[], rows: SqlValue[][]): string {
  if (rows.length === 0) return `SELECT ${columns.map(() => 'NULL').join(', ')} WHERE 0`;
  return `SELECT * FROM (VALUES ${rows.map((row) => `(${row.map(literal).join(', ')})`).join(', ')})`;
}

/** The statements before the last one, and the last (split at top-level `;`, strings and comments aside). */
function lastStatement(sql: string): { before: string; last: string } {
  const blanked = blankLiterals(sql).replace(/;\s*$/, '');
  const cut = blanked.lastIndexOf(';');
  return { before: sql.slice(0, cut + 1), last: sql.slice(cut + 1).replace(/;\s*$/, '') };
}

/** The reference's last query wrapped in a CTE: the same query written another way. */
function inCte(sql: string): string {
  const { before, last } = lastStatement(sql);
  return `${before} WITH reference_rows AS (${last}) SELECT * FROM reference_rows`;
}

const sqlCourses = readContentFolder(SHIPPED_CONTENT_DIR).courses.filter((course) => course.sandbox?.kind === 'sql');
/** The shipped checks of one kind, with their course (a check without a kind is a query check). */
function shippedOf<K extends 'query' | 'state'>(kind: K) {
  return sqlCourses.flatMap((course) =>
    course.projects.flatMap((project) =>
      // A check graded on PostgreSQL only (ROLLUP, JSONB) has no SQLite run: red-team-postgres.spec.ts grades it there.
      (project.checks ?? []).filter((check) => (check.kind ?? 'query') === kind && !isPostgresOnly(check)).map((check) => ({ course, check: check as Extract<StoredCheck, { kind: K }> })),
    ),
  );
}
const shipped = shippedOf('query');
const shippedState = shippedOf('state');

describe('the shipped checks on visible and hidden data', () => {
  it('there are shipped SQL checks', () => {
    expect(shipped.length).toBeGreaterThanOrEqual(20);
  });

  it.each(shipped.map(({ course, check }) => [check.task.slice(0, 60), course, check] as const))('%s', async (_task, course, check) => {
    const source = { visible: course.sandbox?.source ?? '', hidden: course.sandbox?.hiddenSource ?? null };
    const job = { sandboxKey: `shipped:${course._id}`, source, check: { kind: 'query' as const, referenceSql: check.referenceSql } };
    // Its reference runs on both datasets (the save check) and passes against itself on both.
    // (A first build of a sandbox and its variant may take a while on a busy machine.)
    expect(await grade({ op: 'reference', ...job })).toEqual({ ok: true });
    expect(await grade({ op: 'attempt', ...job, answer: check.referenceSql })).toMatchObject({ passed: true });
    // Written another way it passes; where the task orders, only with an ORDER BY at its end.
    const ordered = ordersAtTopLevel(check.referenceSql);
    expect(await grade({ op: 'attempt', ...job, answer: inCte(check.referenceSql) })).toMatchObject(ordered ? { passed: false, message: MISSING_ORDER_MESSAGE } : { passed: true });
    const visible = runOnCopy(engine, buildSandbox(engine, source.visible), check.referenceSql);
    const paste = await grade({ op: 'attempt', ...job, answer: pasted(visible.columns, visible.rows) });
    // It matches on the visible data by construction: the hidden data is what fails it (or, where the task orders, its missing ORDER BY).
    expect({ task: check.task, paste }).toMatchObject({ task: check.task, paste: { passed: false, message: ordered ? MISSING_ORDER_MESSAGE : expect.stringMatching(hiddenDataMessage) } });
  });
});

/** What each probe does after the reference statements and the verification query on a fresh copy of the visible data. */
function probeOutcomes(sandbox: Uint8Array, check: { referenceSql: string; verifySql: string; probes: Probe[] }): ('fails' | 'succeeds' | 'holds' | 'does not hold')[] {
  const db = new engine.Database(sandbox);
  try {
    runStatements(engine, db, check.referenceSql);
    runStatements(engine, db, check.verifySql);
    return check.probes.map((probe) => {
      try {
        const result = runStatements(engine, db, probe.sql);
        // A `holds` probe is a query whose first value must be 1 (a schema fact, or a trigger's effect).
        if (probe.expect === 'holds') return result?.rows[0]?.[0] === 1 ? 'holds' : 'does not hold';
        return 'succeeds';
      } catch (error) {
        if (error instanceof SqlFailure) return 'fails';
        throw error;
      }
    });
  } finally {
    db.close();
  }
}

// Issue 19: every shipped state check (statements graded by the state they leave) on both datasets.
describe('the shipped state checks on visible and hidden data', () => {
  it('there are shipped state checks', () => {
    expect(shippedState.length).toBeGreaterThanOrEqual(5);
  });

  it.each(shippedState.map(({ course, check }) => [check.task.slice(0, 60), course, check] as const))('%s', async (_task, course, check) => {
    const source = { visible: course.sandbox?.source ?? '', hidden: course.sandbox?.hiddenSource ?? null };
    // A file may leave out an empty probe list (the import stores it as []).
    const probes = check.probes ?? [];
    const graded = { kind: 'state' as const, referenceSql: check.referenceSql, verifySql: check.verifySql, probes };
    const job = { sandboxKey: `shipped:${course._id}`, source, check: graded };
    // The save check: statements and verification run on both datasets, and every probe is met after them.
    expect(await grade({ op: 'reference', ...job })).toEqual({ ok: true });
    // The model statements pass as an answer, on the visible data, the hidden data and the probes.
    expect(await grade({ op: 'attempt', ...job, answer: check.referenceSql })).toMatchObject({ passed: true });
    // Doing nothing (nothing at all, or only a query) is never enough.
    for (const answer of ['', 'SELECT 1;']) expect({ answer, result: await grade({ op: 'attempt', ...job, answer }) }).toMatchObject({ answer, result: { passed: false } });
    // Each probe does what it declares, one by one, after the reference.
    expect(probeOutcomes(buildSandbox(engine, source.visible), graded)).toEqual(probes.map((probe) => probe.expect));
  });
});
