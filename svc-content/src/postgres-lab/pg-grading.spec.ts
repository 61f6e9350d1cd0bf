import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { HIDDEN_DATA_MESSAGE, HIDDEN_DATA_PREFIX } from '@dblearn/contracts';
import { HALF_CHANGED_MESSAGE, MISSING_ORDER_MESSAGE } from '@dblearn/lab';
import { startTestInfra, TEST_POSTGRES_CONNECT_TIMEOUT_MS, type TestInfra } from '@dblearn/testing';
import pg from 'pg';
import { SqlRunner } from '../sql-runner/sql-runner.js';
import { type PgCheck, PostgresGrader, type PgSandbox, SqliteOnly } from './pg-grading.js';
import { PostgresLab, PostgresLabUnavailable } from './postgres-lab.js';

// Query and state checks graded on a real PostgreSQL by the SQLite rules (issue 32); the hidden data is
// the SQLite workers' derived variant, copied in. One server for the file; generous limits (busy box).

const SOURCE = `
CREATE TABLE team (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
CREATE TABLE player (id INTEGER PRIMARY KEY, team_id INTEGER NOT NULL REFERENCES team(id), name TEXT NOT NULL, goals INTEGER NOT NULL CHECK (goals >= 0), joined_on TEXT NOT NULL);
INSERT INTO team (id, name) VALUES (1, 'Reds'), (2, 'Blues'), (3, 'Greens');
INSERT INTO player (id, team_id, name, goals, joined_on) VALUES
  (1, 1, 'Ann', 5, '2024-01-03'), (2, 1, 'Bob', 3, '2024-02-10'), (3, 2, 'Cid', 5, '2024-03-01'),
  (4, 2, 'Dee', 1, '2024-03-15'), (5, 3, 'Eve', 7, '2024-04-02'), (6, 3, 'Fay', 2, '2024-05-20'),
  (7, 1, 'Gus', 4, '2024-06-11'), (8, 2, 'Hal', 6, '2024-07-07'), (9, 3, 'Ivy', 3, '2024-08-30');
`;

let infra: TestInfra;
let lab: PostgresLab;
let runner: SqlRunner;
let grader: PostgresGrader;
const sandbox: PgSandbox = { kind: 'sql', source: SOURCE, hiddenSource: null, key: 'pg-grading-spec:derived' };

const query = (referenceSql: string, extra: Partial<PgCheck> = {}): PgCheck => ({ kind: 'query', referenceSql, ...extra }) as PgCheck;
const state = (referenceSql: string, verifySql: string, extra: Partial<Extract<PgCheck, { kind: 'state' }>> = {}): PgCheck => ({ kind: 'state', referenceSql, verifySql, probes: [], ...extra });

beforeAll(async () => {
  infra = await startTestInfra({ mongo: false, nats: false, postgres: true });
  lab = new PostgresLab(infra.postgresUrl, { poolSize: 2, timeLimitMs: 30_000, authorUrl: infra.postgresAuthorUrl, connectionTimeoutMs: TEST_POSTGRES_CONNECT_TIMEOUT_MS });
  runner = new SqlRunner({ sqlWorkers: 1 });
  grader = new PostgresGrader(lab, runner);
}, 120_000);

afterAll(async () => {
  await lab?.close();
  await runner?.onModuleDestroy();
  await infra?.stop();
});

describe('PostgresGrader: query checks', () => {
  const top = query('SELECT name, goals FROM player ORDER BY goals DESC');

  it('passes a right answer (ties in any order, other column names), fails wrong rows with the expected ones', async () => {
    expect(await grader.grade(sandbox, top, 'SELECT name AS who, goals FROM player ORDER BY goals DESC, name DESC')).toMatchObject({ passed: true, columns: ['who', 'goals'], rowCount: 9 });
    const wrong = await grader.grade(sandbox, top, 'SELECT name, goals FROM player WHERE goals > 3 ORDER BY goals DESC');
    expect(wrong).toMatchObject({ passed: false, expected: { columns: ['name', 'goals'], rowCount: 9 } });
  });

  it('fails the right rows without the ORDER BY the task asks for, and a failing answer with PostgreSQL\'s message', async () => {
    expect(await grader.grade(sandbox, top, 'SELECT name, goals FROM (SELECT * FROM player ORDER BY goals DESC) p')).toMatchObject({ passed: false });
    // The visible rows are stored by name: without ORDER BY they come right, and that is still a fail.
    expect(await grader.grade(sandbox, query('SELECT name FROM player ORDER BY name'), 'SELECT name FROM player')).toMatchObject({ passed: false, message: MISSING_ORDER_MESSAGE });
    expect(await grader.grade(sandbox, top, 'SELECT nope FROM player')).toEqual({ passed: false, message: expect.stringMatching(/^Line 1: column "nope" does not exist/) });
  });

  it('grades the hidden data as a black box: a hard-coded visible answer fails there with a kind of difference', async () => {
    const count = query('SELECT team_id, COUNT(*) AS players FROM player GROUP BY team_id ORDER BY team_id');
    const hardCoded = 'SELECT * FROM (VALUES (1, 3), (2, 3), (3, 3)) AS v(team_id, players) ORDER BY team_id';
    const verdict = await grader.grade(sandbox, count, hardCoded);
    expect(verdict.passed).toBe(false);
    expect(verdict.message?.startsWith(HIDDEN_DATA_PREFIX) || verdict.message === HIDDEN_DATA_MESSAGE).toBe(true);
    expect(verdict.expected).toBeUndefined();
    expect(await grader.grade(sandbox, count, 'SELECT team_id, COUNT(id) AS players FROM player GROUP BY team_id ORDER BY 1')).toMatchObject({ passed: true });
  });

  it('runs each phase on its own: a temporary table of the practice run is gone for the hidden one', async () => {
    const viaTemp = 'CREATE TEMP TABLE scorers AS SELECT name, goals FROM player; SELECT name, goals FROM scorers ORDER BY goals DESC';
    expect(await grader.grade(sandbox, top, viaTemp)).toMatchObject({ passed: true });
  });

  it('grades a read-only answer on the committed templates, made again when another instance dropped them (decision 0042)', async () => {
    const templates = async () => {
      const client = new pg.Client({ connectionString: infra.postgresAuthorUrl });
      await client.connect();
      try {
        return (await client.query<{ name: string }>("SELECT nspname AS name FROM pg_namespace WHERE nspname LIKE 'tpl\\_%'")).rows.map((row) => row.name);
      } finally {
        await client.end();
      }
    };
    expect(await grader.grade(sandbox, top, 'SELECT name, goals FROM player ORDER BY goals DESC')).toMatchObject({ passed: true });
    const made = await templates();
    expect(made.filter((name) => name.startsWith('tpl_v_'))).not.toHaveLength(0);
    expect(made.filter((name) => name.startsWith('tpl_h_'))).not.toHaveLength(0);
    const author = new pg.Client({ connectionString: infra.postgresAuthorUrl });
    await author.connect();
    for (const name of made) await author.query(`DROP SCHEMA ${author.escapeIdentifier(name)} CASCADE`);
    await author.end();
    expect(await grader.grade(sandbox, top, 'SELECT name, goals FROM player ORDER BY goals DESC')).toMatchObject({ passed: true });
    expect((await templates()).sort()).toEqual(made.sort());
  });

  it('keeps columnOrder strict when the check says so', async () => {
    const strict = query('SELECT id, name FROM team ORDER BY id', { columnOrder: 'strict' });
    expect(await grader.grade(sandbox, strict, 'SELECT name, id FROM team ORDER BY id')).toMatchObject({ passed: false });
    expect(await grader.grade(sandbox, strict, 'SELECT id, name FROM team ORDER BY id')).toMatchObject({ passed: true });
  });

  it('answers SQLite only for a check reading SQLite\'s catalogue or a reference PostgreSQL refuses', async () => {
    const plan = state('CREATE INDEX player_goals ON player(goals)', 'EXPLAIN QUERY PLAN SELECT * FROM player WHERE goals = 3');
    await expect(grader.grade(sandbox, plan, 'CREATE INDEX g ON player(goals)')).rejects.toThrow(SqliteOnly);
    await expect(grader.grade(sandbox, query("SELECT julianday('2024-01-02') AS d"), 'SELECT 1')).rejects.toThrow(/graded on SQLite only/);
  });
});

describe('PostgresGrader: state checks', () => {
  const transfer = state(
    "BEGIN; UPDATE player SET team_id = 2 WHERE name = 'Ann'; UPDATE player SET goals = goals + 1 WHERE name = 'Ann'; COMMIT;",
    'SELECT name, team_id, goals FROM player ORDER BY id',
    { faultAtWrite: 2 },
  );

  it('runs a learner\'s BEGIN … COMMIT as their own transaction, and all-or-nothing decides the hidden verdict', async () => {
    expect(await grader.grade(sandbox, transfer, transfer.referenceSql)).toMatchObject({ passed: true });
    const halfChanged = "UPDATE player SET team_id = 2 WHERE name = 'Ann'; UPDATE player SET goals = goals + 1 WHERE name = 'Ann';";
    expect(await grader.grade(sandbox, transfer, halfChanged)).toMatchObject({ passed: false, message: HALF_CHANGED_MESSAGE });
  });

  it('checks probes on the visible data, and an insert without its key numbers it as SQLite would', async () => {
    const notNull = state(
      "INSERT INTO team (name) VALUES ('Golds')",
      'SELECT id, name FROM team ORDER BY id',
      { probes: [{ sql: 'INSERT INTO team (name) VALUES (NULL)', expect: 'fails' }, { sql: "SELECT COUNT(*) = 4 FROM team", expect: 'holds' }] },
    );
    expect(await grader.grade(sandbox, notNull, "INSERT INTO team (name) VALUES ('Golds');")).toMatchObject({ passed: true });
    expect(await grader.grade(sandbox, notNull, "INSERT INTO team (name) VALUES ('Silvers')")).toMatchObject({ passed: false });
    const probeUnmet = await grader.grade(sandbox, notNull, "INSERT INTO team (name) VALUES ('Golds'); ALTER TABLE team ALTER COLUMN name DROP NOT NULL;");
    expect(probeUnmet).toMatchObject({ passed: false, message: expect.stringMatching(/should be refused after yours/) });
  });

  it('runs probes in order, each seeing what the ones before it did', async () => {
    const unique = state('CREATE TABLE badge (id INTEGER PRIMARY KEY, label TEXT NOT NULL UNIQUE)', "SELECT COUNT(*) AS badges FROM badge", {
      probes: [
        { sql: "INSERT INTO badge (id, label) VALUES (1, 'gold')", expect: 'succeeds' },
        { sql: "INSERT INTO badge (id, label) VALUES (2, 'gold')", expect: 'fails' },
        { sql: "INSERT INTO badge (id, label) VALUES (3, 'silver')", expect: 'succeeds' },
      ],
    });
    expect(await grader.grade(sandbox, unique, 'CREATE TABLE badge (id INTEGER PRIMARY KEY, label TEXT NOT NULL UNIQUE);')).toMatchObject({ passed: true });
    expect(await grader.grade(sandbox, unique, 'CREATE TABLE badge (id INTEGER PRIMARY KEY, label TEXT NOT NULL);')).toMatchObject({ passed: false, message: expect.stringMatching(/should be refused after yours/) });
  });

  it('tells a failing statement, a refused one and a verification broken by the learner apart, never throwing', async () => {
    expect(await grader.grade(sandbox, transfer, 'UPDATE nowhere SET x = 1')).toMatchObject({ passed: false, message: expect.stringMatching(/^Line 1: relation "nowhere" does not exist/) });
    expect(await grader.grade(sandbox, transfer, 'COPY player TO STDOUT')).toMatchObject({ passed: false, message: expect.stringMatching(/COPY/) });
    expect(await grader.grade(sandbox, transfer, 'DROP TABLE player')).toMatchObject({ passed: false, message: expect.stringMatching(/^After your statements the check's query fails/) });
    expect(await grader.grade(sandbox, transfer, 'RELEASE SAVEPOINT learner_transaction')).toMatchObject({ passed: false });
  });

  it('refuses to save a reference that fails on PostgreSQL, naming its line; a portable one is fine', async () => {
    expect(await grader.referenceFailure(sandbox, transfer)).toBeNull();
    expect(await grader.referenceFailure(sandbox, query("SELECT 1 AS one;\nSELECT name FROM player\nWHERE strftime('%w', joined_on) > '1'"))).toMatch(/^The reference query does not run on the course's sandbox: Line 2: function strftime/);
  });
});

describe('PostgresGrader: the server away', () => {
  it('throws PostgresLabUnavailable (the service answers 503 and records nothing)', async () => {
    const away = new PostgresLab('postgresql://nobody:nothing@127.0.0.1:1/none', { timeLimitMs: 5_000 });
    try {
      await expect(new PostgresGrader(away, runner).grade({ ...sandbox, key: 'away' }, query('SELECT 1'), 'SELECT 1')).rejects.toThrow(PostgresLabUnavailable);
    } finally {
      await away.close();
    }
  });
});
