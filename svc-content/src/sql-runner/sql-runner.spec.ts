import { afterAll, describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqlRunner, TIMED_OUT } from './sql-runner.js';

// The worker pool itself (its worker script is the built one in dist/: run `npx tsc -b` first).

const runner = new SqlRunner({ sqlWorkers: 1 });
afterAll(() => runner.onModuleDestroy());

const RUNAWAY = 'WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n) SELECT count(*) FROM n';
const sandbox = (n: number) => ({ sandboxKey: `key-${n}`, source: { visible: `CREATE TABLE t (n INTEGER); INSERT INTO t VALUES (${n});`, hidden: null } });

describe('SqlRunner', () => {
  it('sends a sandbox script once and again when the worker has dropped it from its cache', async () => {
    const first = await runner.run({ op: 'attempt', ...sandbox(0), check: { kind: 'query', referenceSql: 'SELECT n FROM t' }, answer: 'SELECT n FROM t' });
    expect(first).toMatchObject({ passed: true, rows: [[0]] });
    // 40 other sandboxes push the first out of the worker's 32-entry cache; the runner still thinks it sent it.
    for (let n = 1; n <= 40; n += 1) await runner.run({ op: 'reference', ...sandbox(n), check: { kind: 'query', referenceSql: 'SELECT n FROM t' } });
    expect(await runner.run({ op: 'attempt', ...sandbox(0), check: { kind: 'query', referenceSql: 'SELECT n FROM t' }, answer: 'SELECT n + 0 FROM t' })).toMatchObject({ passed: true, rows: [[0]] });
  });

  it('stops a runaway at the time limit and answers the next job with a fresh worker', async () => {
    const started = Date.now();
    expect(await runner.run({ op: 'attempt', ...sandbox(1), check: { kind: 'query', referenceSql: 'SELECT 1' }, answer: RUNAWAY }, 300)).toBe(TIMED_OUT);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await runner.run({ op: 'attempt', ...sandbox(1), check: { kind: 'query', referenceSql: 'SELECT n FROM t' }, answer: 'SELECT n FROM t' })).toMatchObject({ passed: true });
  });

  it('takes a slow job out of the pool: the next job gets a fresh worker instead of waiting for it', async () => {
    const runaway = runner.run({ op: 'attempt', ...sandbox(2), check: { kind: 'query', referenceSql: 'SELECT 1' }, answer: RUNAWAY }, 3_000);
    const started = Date.now();
    expect(await runner.run({ op: 'attempt', ...sandbox(2), check: { kind: 'query', referenceSql: 'SELECT n FROM t' }, answer: 'SELECT n FROM t' })).toMatchObject({ passed: true });
    // The only worker is busy for 3 s; the spare took its place once the runaway had used 15 ms of CPU.
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(await runaway).toBe(TIMED_OUT);
  });

  it('answers a heavy query that ends within its limit from the heavy-query process, with its full result', async () => {
    const heavy = 'WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 1000000) SELECT count(*) AS c, sum(x) AS s FROM n';
    // The sandbox is built first: a job that builds one is judged by the wall clock only.
    await runner.run({ op: 'attempt', ...sandbox(4), check: { kind: 'query', referenceSql: 'SELECT 1' }, answer: 'SELECT 1' });
    const moved = runner.movedJobs;
    expect(await runner.run({ op: 'attempt', ...sandbox(4), check: { kind: 'query', referenceSql: 'SELECT 1' }, answer: heavy }, 10_000)).toMatchObject({ columns: ['c', 's'], rows: [[1000000, 500000500000]] });
    expect(runner.movedJobs).toBe(moved + 1);
    // An ordinary query stays in the pool.
    expect(await runner.run({ op: 'attempt', ...sandbox(4), check: { kind: 'query', referenceSql: 'SELECT 1' }, answer: 'SELECT n FROM t' })).toMatchObject({ rows: [[4]] });
    expect(runner.movedJobs).toBe(moved + 1);
  });

  it('runs heavy queries in a process of its own at the lowest priority (its autogroup where Linux has them)', () => {
    const pid = runner.heavyQueryPid;
    expect(pid).toEqual(expect.any(Number));
    if (!existsSync(`/proc/${pid}/autogroup`)) return;
    expect(readFileSync(`/proc/${pid}/autogroup`, 'utf8')).toMatch(/nice 19/);
    // SCHED_IDLE is policy 5 (field 41 of /proc/<pid>/stat), where chrt set it.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    if (existsSync('/usr/bin/chrt')) expect(fields[41 - 3]).toBe('5');
  });

  it('keeps at most as many slow jobs out of the pool as it has workers', async () => {
    const runaways = [1, 2].map(() => runner.run({ op: 'attempt', ...sandbox(3), check: { kind: 'query', referenceSql: 'SELECT 1' }, answer: RUNAWAY }, 1_200));
    const started = Date.now();
    // The first runaway left the pool; the second holds the fresh worker until its limit.
    expect(await runner.run({ op: 'attempt', ...sandbox(3), check: { kind: 'query', referenceSql: 'SELECT n FROM t' }, answer: 'SELECT n FROM t' })).toMatchObject({ passed: true });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
    expect(await Promise.all(runaways)).toEqual([TIMED_OUT, TIMED_OUT]);
  });
});

describe('the heavy-query process', () => {
  it('ends when svc-content is SIGKILLed', async () => {
    // A process holding a SqlRunner prints its heavy-query process's id and is then killed.
    const script = join(mkdtempSync(join(tmpdir(), 'heavy-holder-')), 'holder.mjs');
    writeFileSync(
      script,
      `import { SqlRunner } from ${JSON.stringify(new URL('../../dist/sql-runner/sql-runner.js', import.meta.url).href)};
      const runner = new SqlRunner({ sqlWorkers: 1 });
      setTimeout(() => console.log(runner.heavyQueryPid), 500);`,
    );
    const holder = spawn(process.execPath, [script], { stdio: ['ignore', 'pipe', 'inherit'] });
    const heavyPid = Number(await new Promise<string>((resolve) => holder.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString()))));
    expect(isRunning(heavyPid)).toBe(true);
    holder.kill('SIGKILL');
    const gone = Date.now() + 5_000;
    while (isRunning(heavyPid) && Date.now() < gone) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(isRunning(heavyPid)).toBe(false);
  });
});

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
