import { afterAll, describe, expect, it } from '@jest/globals';
import { SqlRunner, TIMED_OUT } from './sql-runner.js';

// The worker pool itself (its worker script is the built one in dist/: run `npx tsc -b` first).

const runner = new SqlRunner({ sqlWorkers: 1 });
afterAll(() => runner.onModuleDestroy());

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
    expect(await runner.run({ op: 'attempt', ...sandbox(1), referenceSql: 'SELECT 1', sql: 'WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n) SELECT count(*) FROM n' }, 300)).toBe(TIMED_OUT);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await runner.run({ op: 'attempt', ...sandbox(1), referenceSql: 'SELECT n FROM t', sql: 'SELECT n FROM t' })).toMatchObject({ passed: true });
  });
});
