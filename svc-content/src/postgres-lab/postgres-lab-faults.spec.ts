import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { findRepoRoot, startPrivatePostgres, type PrivateServer } from '@dblearn/infra';
import { eventually } from '@dblearn/testing';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { PostgresLab, PostgresLabUnavailable } from './postgres-lab.js';

// A server of this suite's own, stopped and killed while the lab uses it (issue 32 "Bad input and faults").

let dataDir: string;
let server: PrivateServer;
let lab: PostgresLab;

const start = () => startPrivatePostgres(findRepoRoot(), dataDir);

async function leftovers(): Promise<number> {
  const client = new pg.Client({ connectionString: server.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_namespace WHERE nspname LIKE 'attempt\\_%'");
    return rows[0]!.n;
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'dblearn-pg-faults-'));
  server = await start();
  lab = new PostgresLab(server.url, { poolSize: 2 });
}, 120_000);

afterAll(async () => {
  await lab?.close();
  await server?.handle.stop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('PostgresLab when its server goes away', () => {
  it('answers 503 "unavailable" while the server is stopped, and serves again once it is back', async () => {
    expect((await lab.run({ statements: 'SELECT 1 AS up' })).results).toEqual([{ columns: ['up'], rows: [[1]] }]);
    await server.handle.stop();
    await expect(lab.run({ statements: 'SELECT 1' })).rejects.toThrow(new PostgresLabUnavailable());
    server = await start();
    await eventually(async () => (await lab.run({ statements: 'SELECT 1 AS up' }).catch(() => null)) !== null, 30_000, 'the lab serves again');
  }, 120_000);

  it('loses nothing when the server is killed mid-attempt: the attempt answers 503 and leaves no trace', async () => {
    const attempt = lab.run({ sandbox: 'CREATE TABLE kept (x int); INSERT INTO kept VALUES (1);', statements: 'SELECT pg_sleep(1.5)' });
    await new Promise((resolve) => setTimeout(resolve, 400));
    server.handle.killNow();
    await expect(attempt).rejects.toThrow(PostgresLabUnavailable);
    // Its backends leave as soon as they see the server gone; until then a new server refuses to start.
    await eventually(
      async () => {
        server = await start().catch(() => server);
        return !server.handle.exitInfo;
      },
      60_000,
      'the killed server starts again',
    );
    expect(await leftovers()).toBe(0);
    const after = await lab.run({ statements: "SELECT to_regclass('kept') IS NULL AS gone" });
    expect(after.results[0]!.rows).toEqual([['t']]);
  }, 120_000);
});
