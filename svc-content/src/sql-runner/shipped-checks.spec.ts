import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { blankLiterals, HIDDEN_DATA_MESSAGE, type SqlValue } from '@dblearn/contracts';
import type { SqlJsStatic } from 'sql.js';
import { SHIPPED_CONTENT_DIR } from '../config/content-config.js';
import { readContentFolder } from '../seed/content-folder.js';
import { buildSandbox, loadEngine, runOnCopy } from './sql-engine.js';
import { SqlRunner } from './sql-runner.js';

// Issue 18: every shipped check is graded on its course's visible sandbox and the hidden variant
// derived from it, through the real worker pool (its worker script is the built one in dist/).

const runner = new SqlRunner({ sqlWorkers: 1 });
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

const sqlChecks = readContentFolder(SHIPPED_CONTENT_DIR).courses.flatMap((course) =>
  course.sandbox?.kind === 'sql' ? course.projects.flatMap((project) => (project.checks ?? []).map((check) => ({ course, check }))) : [],
);
// A quiz has no reference; a state check's reference changes data rather than returning rows (graded below).
const shipped = sqlChecks.flatMap(({ course, check }) => (check.kind === 'query' ? [{ course, check }] : []));
const shippedStates = sqlChecks.flatMap(({ course, check }) => (check.kind === 'state' ? [{ course, check }] : []));
const jobOf = (course: (typeof sqlChecks)[number]['course']) => ({ sandboxKey: `shipped:${course._id}`, source: { visible: course.sandbox?.source ?? '', hidden: null } });

describe('the shipped checks on visible and hidden data', () => {
  it('there are shipped SQL checks', () => {
    expect(shipped.length).toBeGreaterThanOrEqual(20);
  });

  it.each(shipped.map(({ course, check }) => [check.task.slice(0, 60), course, check] as const))('%s', async (_task, course, check) => {
    const job = { ...jobOf(course), check: { kind: 'query' as const, referenceSql: check.referenceSql } };
    // Its reference runs on both datasets (the save check) and passes against itself on both.
    // (A first build of a sandbox and its variant may take a while on a busy machine.)
    expect(await runner.run({ op: 'reference', ...job }, undefined, 20_000)).toEqual({ ok: true });
    expect(await runner.run({ op: 'attempt', ...job, answer: check.referenceSql })).toMatchObject({ passed: true });
    expect(await runner.run({ op: 'attempt', ...job, answer: inCte(check.referenceSql) })).toMatchObject({ passed: true });
    const visible = runOnCopy(engine, buildSandbox(engine, job.source.visible), check.referenceSql);
    const paste = await runner.run({ op: 'attempt', ...job, answer: pasted(visible.columns, visible.rows) });
    // It matches on the visible data by construction: the hidden data is what fails it.
    expect({ task: check.task, paste }).toMatchObject({ task: check.task, paste: { passed: false, message: HIDDEN_DATA_MESSAGE } });
  });
});

describe('the shipped state checks', () => {
  it.each(shippedStates.map(({ course, check }) => [check.task.slice(0, 60), course, check] as const))('%s', async (_task, course, check) => {
    const job = { ...jobOf(course), check: { kind: 'state' as const, referenceSql: check.referenceSql, verifySql: check.verifySql, probes: check.probes ?? [] } };
    // Its statements run and meet their probes on both datasets, pass against themselves, and doing nothing fails.
    expect(await runner.run({ op: 'reference', ...job }, undefined, 20_000)).toEqual({ ok: true });
    expect(await runner.run({ op: 'attempt', ...job, answer: check.referenceSql })).toMatchObject({ passed: true });
    expect(await runner.run({ op: 'attempt', ...job, answer: 'SELECT 1' })).toMatchObject({ passed: false });
  });
});
