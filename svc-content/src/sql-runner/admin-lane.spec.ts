import { afterAll, describe, expect, it } from '@jest/globals';
import { eventually } from '@dblearn/testing';
import { SqlRunner } from './sql-runner.js';

// Issue 30 finding 5: admins' saves beside learners' runaways, through the real worker pool and
// heavy-query process (the worker script is the built one in dist/). Verdicts, never durations.

const runner = new SqlRunner({ sqlWorkers: 2 });
afterAll(() => runner.onModuleDestroy());

const RUNAWAY = 'WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n) SELECT count(*) FROM n';
const SANDBOX = { sandboxKey: 'admin-lane', source: { visible: 'CREATE TABLE t (n INTEGER); INSERT INTO t VALUES (1);', hidden: null } };
/** A few hundred ms of CPU: far past the 15 ms that makes a learner's job heavy. */
const SLOW_SELECT = 'WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 300000) SELECT count(*) FROM n';
/** A sandbox save of about the same cost. */
const SLOW_SCRIPT = 'CREATE TABLE big (n INTEGER); WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 150000) INSERT INTO big SELECT x FROM n;';

const adminReference = (referenceSql: string, timeLimitMs?: number) => runner.run({ op: 'reference', ...SANDBOX, check: { kind: 'query', referenceSql } }, { admin: true }, timeLimitMs);

describe("the admins' lane", () => {
  it('keeps an admin job that turns out heavy in its own worker: it is never moved to the heavy-query process', async () => {
    // The heavy-query process is up once an ordinary job has been answered (it starts with the runner).
    expect(await adminReference('SELECT n FROM t', 20_000)).toEqual({ ok: true });
    await eventually(async () => runner.heavyQueryPid !== null, 20_000, 'the heavy-query process to start');
    const moved = runner.movedJobs;
    // A minute's limit: this asserts where it ran, not how fast.
    expect(await adminReference(SLOW_SELECT, 60_000)).toEqual({ ok: true });
    expect(runner.movedJobs).toBe(moved);
  }, 90_000);

  it("answers an admin's sandbox save and reference beside six accounts each keeping two runaways going", async () => {
    let settled = 0;
    for (const userId of ['a', 'b', 'c', 'd', 'e', 'f']) {
      for (let n = 0; n < 2; n += 1) {
        // Long limits: they are all still in flight when the admin's answers come; the runner's close ends them.
        void runner.run({ op: 'attempt', ...SANDBOX, check: { kind: 'query', referenceSql: 'SELECT 1' }, answer: RUNAWAY }, { userId }, 60_000).then(
          () => (settled += 1),
          () => (settled += 1),
        );
      }
    }
    // The heavy-query process is full (two runaways) and the pool's workers hold more, lowered.
    const moved = runner.movedJobs;
    await eventually(async () => runner.movedJobs >= moved + 2, 20_000, 'two runaways to move to the heavy-query process');
    // The admin's jobs with the ordinary time limit, as the sandbox and check forms send them.
    expect(await runner.run({ op: 'sandbox', source: SLOW_SCRIPT }, { admin: true })).toEqual({ ok: true });
    expect(await adminReference(SLOW_SELECT)).toEqual({ ok: true });
    expect(settled).toBe(0);
    await runner.onModuleDestroy();
  }, 90_000);
});
