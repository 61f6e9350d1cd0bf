import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestInfra, TEST_POSTGRES_CONNECT_TIMEOUT_MS, type TestInfra } from '@dblearn/testing';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PostgresLab } from './postgres-lab.js';
import { backendCpuMs, openRunawayQuarantine, RUNAWAY_CGROUP_NAME, type RunawayQuarantine } from './runaway-quarantine.js';

/**
 * The lab's limit in these tests. Generous: beside a busy CI a short run's sandbox and statement once
 * took over 1.5 s, and a run that waits must not be mistaken for one that overran. The runaway is
 * then stopped by the server's own statement_timeout, whichever comes first.
 */
const TIME_LIMIT_MS = 4_000;

/** Looked at early and often: a test's runaway is held within a few hundred ms. */
const QUICK = { firstLookMs: 100, everyMs: 50, heavyCpuMs: 30 };

// A lab backend that runs long is moved out of the attempts' way (decision 0048), on a real server.

/** A query that keeps one core busy until the lab's time limit stops it (in memory: no temp files to hit a limit first). */
const RUNAWAY = 'SELECT count(*) AS n FROM generate_series(1, 200000) a WHERE NOT EXISTS (SELECT 1 FROM generate_series(1, 100000) b WHERE b > a + 1000000)';

let infra: TestInfra;
let fakeRoot: string;

beforeAll(async () => {
  infra = await startTestInfra({ postgres: true });
  fakeRoot = mkdtempSync(join(tmpdir(), 'dblearn-cgroup-'));
}, 120_000);

afterAll(async () => {
  await infra?.stop();
  rmSync(fakeRoot, { recursive: true, force: true });
});

/** A quarantine that records what it holds (and holds nothing), beside the real one. */
function recording(): RunawayQuarantine & { held: number[] } {
  const held: number[] = [];
  return { held, how: 'recorded', hold: (pid) => (held.push(pid), true) };
}

describe('runaway backends are held at a low CPU weight', () => {
  it('holds the backend of a run that keeps computing, never one that waits or ends first, and never reuses a held connection', async () => {
    const quarantine = recording();
    const lab = new PostgresLab(infra.postgresUrl, { poolSize: 1, timeLimitMs: TIME_LIMIT_MS, quarantine, runawayWatch: QUICK, connectionTimeoutMs: TEST_POSTGRES_CONNECT_TIMEOUT_MS });
    try {
      const pidOf = async () => Number((await lab.run({ statements: 'SELECT pg_backend_pid() AS pid' })).results[0]!.rows[0]![0]);
      const first = await pidOf();
      expect(await pidOf()).toBe(first);
      // Waiting is not computing: a slow run that burns no CPU is left where it is.
      await lab.run({ statements: 'SELECT pg_sleep(0.6)' });
      expect(quarantine.held).toEqual([]);
      expect(await pidOf()).toBe(first);

      await expect(lab.run({ statements: RUNAWAY })).rejects.toThrow(/ran longer than/);
      expect(quarantine.held).toEqual([first]);
      const after = await pidOf();
      expect(after).not.toBe(first);
      expect(await pidOf()).toBe(after);
    } finally {
      await lab.close();
    }
  }, 60_000);

  it("reads a local backend's CPU time, and nothing for a pid that is not there", async () => {
    expect(backendCpuMs(process.pid)).toEqual(expect.any(Number));
    expect(backendCpuMs(2 ** 22 + 1)).toBeNull();
  });

  it('makes a cgroup v1 of a tenth of a session\'s weight and moves only local PostgreSQL processes into it', () => {
    mkdirSync(join(fakeRoot, 'cpu'));
    writeFileSync(join(fakeRoot, 'cpu', 'cpu.shares'), '1024');
    const quarantine = openRunawayQuarantine(fakeRoot);
    const group = join(fakeRoot, 'cpu', RUNAWAY_CGROUP_NAME);
    expect(quarantine.how).toBe(group);
    expect(readFileSync(join(group, 'cpu.shares'), 'utf8')).toBe('110');
    // This process is node, not postgres: never moved, whatever pid a connection reports.
    expect(quarantine.hold(process.pid)).toBe(false);
    expect(quarantine.hold(1)).toBe(false);
    expect(() => readFileSync(join(group, 'cgroup.procs'))).toThrow();
  });

  it('falls back to nice 19 where no CPU controller can be had', () => {
    expect(openRunawayQuarantine(join(fakeRoot, 'nothing-here')).how).toBe('nice 19');
  });

  it('on this machine: a runaway backend lands in the quarantine while it runs', async () => {
    const real = openRunawayQuarantine();
    const held: number[] = [];
    const quarantine: RunawayQuarantine = { how: real.how, hold: (pid) => (held.push(pid), real.hold(pid)) };
    const lab = new PostgresLab(infra.postgresUrl, { poolSize: 1, timeLimitMs: TIME_LIMIT_MS, quarantine, runawayWatch: QUICK, connectionTimeoutMs: TEST_POSTGRES_CONNECT_TIMEOUT_MS });
    try {
      const runaway = lab.run({ statements: RUNAWAY }).catch((error: Error) => error);
      const start = Date.now();
      // Held within a few hundred ms on a quiet box; beside a busy CI, any time before the run ends.
      while (held.length === 0 && Date.now() - start < TIME_LIMIT_MS) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(held).toHaveLength(1);
      const pid = held[0]!;
      if (real.how === 'nice 19') {
        // No cgroup to be had (not root): the backend's own nice is all that can change, and only as root.
        expect(['0', '19']).toContain(niceOf(pid));
      } else {
        expect(readFileSync(join(real.how, 'cgroup.procs'), 'utf8').split('\n')).toContain(String(pid));
      }
      expect(await runaway).toBeInstanceOf(Error);
    } finally {
      await lab.close();
    }
  }, 60_000);
});

function niceOf(pid: number): string {
  return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[16]!;
}
