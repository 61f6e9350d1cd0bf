import { afterAll, describe, expect, it } from '@jest/globals';
import { SqlRunner, TIMED_OUT } from './sql-runner.js';

// The worker pool itself (its worker script is the built one in dist/: run `npx tsc -b` first).

const runner = new SqlRunner({ sqlWorkers: 1 });
afterAll(() => runner.onModuleDestroy());

const RUNAWAY = 'WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n) SELECT count(*) FROM n';
const sandbox = (n: number) => ({ sandboxKey: `key-${n}`, source: `CREATE TABLE t (n INTEGER); INSERT INTO t VALUES (${n});` });

describe('SqlRunner', () => {
  it('sends a sandbox script once and again when the worker has dropped it from its cache', async () => {
    const first = await runner.run({ op: 'attempt', ...sandbox(0), referenceSql: 'SELECT n FROM t', sql: 'SELECT n FROM t' });
    expect(first).toMatchObject({ passed: true, rows: [[0]] });
    // 40 other sandboxes push the first out of the worker's 32-entry cache; the runner still thinks it sent it.
    for (let n = 1; n <= 40; n += 1) await runner.run({ op: 'reference', ...sandbox(n), referenceSql: 'SELECT n FROM t' });
    expect(await runner.run({ op: 'attempt', ...sandbox(0), referenceSql: 'SELECT n FROM t', sql: 'SELECT n + 0 FROM t' })).toMatchObject({ passed: true, rows: [[0]] });
  });

  it('stops a runaway at the time limit and answers the next job with a fresh worker', async () => {
    const started = Date.now();
    expect(await runner.run({ op: 'attempt', ...sandbox(1), referenceSql: 'SELECT 1', sql: RUNAWAY }, 300)).toBe(TIMED_OUT);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await runner.run({ op: 'attempt', ...sandbox(1), referenceSql: 'SELECT n FROM t', sql: 'SELECT n FROM t' })).toMatchObject({ passed: true });
  });

  it('takes a slow job out of the pool: the next job gets a fresh worker instead of waiting for it', async () => {
    const runaway = runner.run({ op: 'attempt', ...sandbox(2), referenceSql: 'SELECT 1', sql: RUNAWAY }, 3_000);
    const started = Date.now();
    expect(await runner.run({ op: 'attempt', ...sandbox(2), referenceSql: 'SELECT n FROM t', sql: 'SELECT n FROM t' })).toMatchObject({ passed: true });
    // The only worker is busy for 3 s; a fresh one took its place after 500 ms.
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await runaway).toBe(TIMED_OUT);
  });

  it('keeps at most as many slow jobs out of the pool as it has workers', async () => {
    const runaways = [1, 2].map(() => runner.run({ op: 'attempt', ...sandbox(3), referenceSql: 'SELECT 1', sql: RUNAWAY }, 1_200));
    const started = Date.now();
    // The first runaway left the pool; the second holds the fresh worker until its limit.
    expect(await runner.run({ op: 'attempt', ...sandbox(3), referenceSql: 'SELECT n FROM t', sql: 'SELECT n FROM t' })).toMatchObject({ passed: true });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
    expect(await Promise.all(runaways)).toEqual([TIMED_OUT, TIMED_OUT]);
  });
});
