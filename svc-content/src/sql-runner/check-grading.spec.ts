import { afterAll, describe, expect, it } from '@jest/globals';
import { HIDDEN_DATA_PREFIX } from '@dblearn/contracts';
import { type GradedCheck, MISSING_ORDER_MESSAGE } from '@dblearn/lab';
import { SqlRunner, TIMED_OUT } from './sql-runner.js';

/** Every fail on the hidden data starts so, then names the kind of difference. */
const hiddenDataMessage = new RegExp(`^${HIDDEN_DATA_PREFIX}`);

// Grading on the hidden data through the real worker pool (its worker script is the built one in dist/).

const pool = new SqlRunner({ sqlWorkers: 1 });
afterAll(() => pool.onModuleDestroy());
/**
 * What a check does, not how fast: every job gets 20 s (a cold worker building a sandbox and its
 * variant can outlast the learner's 2 s on a machine busy with other suites).
 */
const runner = { run: (job: Parameters<SqlRunner['run']>[0], timeLimitMs = 20_000) => pool.run(job, undefined, timeLimitMs) };

const VISIBLE = "CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO t VALUES (1, 'Ann'), (2, 'Bob'), (3, 'Cid');";
const HIDDEN = "CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO t VALUES (1, 'Ann'), (2, 'Ann'), (3, 'Dee');";
const job = (answer: string) =>
  ({ op: 'attempt', sandboxKey: 'ties', source: { visible: VISIBLE, hidden: HIDDEN }, check: { kind: 'query', referenceSql: 'SELECT id, name FROM t ORDER BY name' }, answer }) as const;

describe('the hidden data', () => {
  it('judges order on both datasets, but a correct query may order the ties of the ORDER BY keys either way', async () => {
    expect(await runner.run(job('SELECT id, name FROM t ORDER BY name, id DESC'))).toMatchObject({ passed: true });
    expect(await runner.run(job('SELECT id, name FROM t ORDER BY name DESC'))).toMatchObject({ passed: false, message: expect.stringContaining('not in the expected order') });
    expect(await runner.run(job("SELECT * FROM (VALUES (1, 'Ann'), (2, 'Bob'), (3, 'Cid')) ORDER BY 2"))).toMatchObject({ passed: false, message: expect.stringMatching(hiddenDataMessage) });
  });
});

/** A job on two small datasets (the hidden one given, so a test knows what differs). */
const attempt = (visible: string, hidden: string, check: GradedCheck, answer: string) =>
  runner.run({ op: 'attempt', sandboxKey: `${visible}\u0000${hidden}`, source: { visible, hidden }, check, answer });

describe('order and columns on both datasets', () => {
  // Stored out of key order, and its id no rowid alias: a scan gives no free sort.
  const shuffled = "CREATE TABLE t (id INT PRIMARY KEY, name TEXT); INSERT INTO t VALUES (3, 'Cid'), (1, 'Ann'), (2, 'Ann');";
  const byId: GradedCheck = { kind: 'query', referenceSql: 'SELECT id, name FROM t ORDER BY id' };

  it('an order that holds on the practice data only fails on the hidden data, saying only that the order differs; no ORDER BY fails', async () => {
    expect(await attempt(VISIBLE, shuffled, byId, 'SELECT id, name FROM t ORDER BY rowid')).toMatchObject({ passed: false, message: expect.stringMatching(/hidden data: the rows are in another order/) });
    expect(await attempt(VISIBLE, shuffled, byId, 'SELECT id, name FROM t')).toMatchObject({ passed: false, message: MISSING_ORDER_MESSAGE });
    expect(await attempt(VISIBLE, shuffled, byId, 'SELECT id, name FROM t ORDER BY 1')).toMatchObject({ passed: true });
  });

  it('ties of an ORDER BY expression not in the result may come either way; the columns in another order pass unless the check is strict', async () => {
    const byLength: GradedCheck = { kind: 'query', referenceSql: 'SELECT name, id FROM t ORDER BY length(name) DESC' };
    expect(await attempt(VISIBLE, shuffled, byLength, 'SELECT id, name FROM t ORDER BY length(name) DESC, id DESC')).toMatchObject({ passed: true });
    expect(await attempt(VISIBLE, shuffled, { ...byLength, columnOrder: 'strict' }, 'SELECT id, name FROM t ORDER BY length(name) DESC')).toMatchObject({
      passed: false,
      message: 'Your columns are in another order: expected name, id.',
    });
  });

  it('a runaway that fires only on the hidden data gets the answer of any hidden mismatch, not a time-out', async () => {
    const runaway = `SELECT id, name FROM t WHERE CASE WHEN (SELECT count(*) FROM t WHERE name = 'Dee') > 0
      THEN (WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT count(*) > 0 FROM r) ELSE 1 END ORDER BY name`;
    // 10 s: past the practice data a time-out answers like a miss, whichever limit ends it.
    const reply = await runner.run(job(runaway), 10_000);
    expect(reply).not.toBe(TIMED_OUT);
    expect(reply).toMatchObject({ passed: false, message: expect.stringMatching(hiddenDataMessage) });
  }, 60_000);
});

describe('state checks: schema facts, atomicity and plans', () => {
  const BANK = 'CREATE TABLE account (id INTEGER PRIMARY KEY, balance INTEGER NOT NULL); INSERT INTO account VALUES (1, 100), (2, 50);';
  const BANK_HIDDEN = 'CREATE TABLE account (id INTEGER PRIMARY KEY, balance INTEGER NOT NULL); INSERT INTO account VALUES (1, 70), (2, 20), (3, 5);';
  const transfer: GradedCheck = {
    kind: 'state',
    referenceSql: 'BEGIN; UPDATE account SET balance = balance - 10 WHERE id = 1; UPDATE account SET balance = balance + 10 WHERE id = 2; COMMIT;',
    verifySql: 'SELECT id, balance FROM account',
    probes: [],
    faultAtWrite: 2,
  };

  it('a transfer without a transaction leaves the data half-changed when the second write fails; with one it passes', async () => {
    expect(await attempt(BANK, BANK_HIDDEN, transfer, transfer.referenceSql)).toMatchObject({ passed: true });
    const bare = 'UPDATE account SET balance = balance - 10 WHERE id = 1; UPDATE account SET balance = balance + 10 WHERE id = 2;';
    expect(await attempt(BANK, BANK_HIDDEN, transfer, bare)).toMatchObject({ passed: false, message: expect.stringMatching(/half-changed/) });
    const oneStatement = 'UPDATE account SET balance = balance + CASE id WHEN 1 THEN -10 ELSE 10 END WHERE id IN (1, 2);';
    expect(await attempt(BANK, BANK_HIDDEN, transfer, oneStatement)).toMatchObject({ passed: true });
  });

  it('a probe that holds reads a schema fact and says its own message', async () => {
    const view: GradedCheck = {
      kind: 'state',
      referenceSql: 'CREATE VIEW rich AS SELECT id FROM account WHERE balance > 60;',
      verifySql: 'SELECT id FROM rich',
      probes: [{ sql: "SELECT type = 'view' FROM sqlite_schema WHERE name = 'rich'", expect: 'holds', message: 'rich should be a view, not a table.' }],
    };
    expect(await attempt(BANK, BANK_HIDDEN, view, view.referenceSql)).toMatchObject({ passed: true });
    expect(await attempt(BANK, BANK_HIDDEN, view, 'CREATE TABLE rich AS SELECT id FROM account WHERE balance > 60;')).toMatchObject({ passed: false, message: 'rich should be a view, not a table.' });
  });

  it('probes that hold read every constraint the task states, each with its own message', async () => {
    const loans: GradedCheck = {
      kind: 'state',
      referenceSql: 'CREATE TABLE loan (id INTEGER PRIMARY KEY, account_id INTEGER NOT NULL REFERENCES account(id) ON DELETE CASCADE, days INTEGER NOT NULL DEFAULT 14 CHECK (days > 0));',
      verifySql: "SELECT name, type FROM pragma_table_info('loan') ORDER BY cid",
      probes: [
        { sql: "SELECT count(*) = 1 FROM pragma_foreign_key_list('loan') WHERE \"table\" = 'account' AND \"from\" = 'account_id' AND on_delete = 'CASCADE'", expect: 'holds', message: 'loan.account_id must reference account ON DELETE CASCADE.' },
        { sql: "SELECT \"notnull\" FROM pragma_table_info('loan') WHERE name = 'account_id'", expect: 'holds', message: 'loan.account_id must be NOT NULL.' },
        { sql: "SELECT dflt_value = '14' FROM pragma_table_info('loan') WHERE name = 'days'", expect: 'holds', message: 'loan.days must default to 14.' },
        { sql: "SELECT count(*) = 0 FROM sqlite_schema WHERE type = 'trigger' AND tbl_name = 'loan'", expect: 'holds', message: 'Ask for days > 0 with a CHECK constraint, not a trigger.' },
        { sql: 'INSERT INTO loan (account_id, days) VALUES (1, 0)', expect: 'fails' },
      ],
    };
    const variant = (sql: string) => attempt(BANK, BANK_HIDDEN, loans, sql);
    expect(await variant(loans.referenceSql)).toMatchObject({ passed: true });
    expect(await variant(loans.referenceSql.replace(' ON DELETE CASCADE', ''))).toMatchObject({ passed: false, message: 'loan.account_id must reference account ON DELETE CASCADE.' });
    expect(await variant(loans.referenceSql.replace('account_id INTEGER NOT NULL', 'account_id INTEGER'))).toMatchObject({ passed: false, message: 'loan.account_id must be NOT NULL.' });
    const byTrigger = `CREATE TABLE loan (id INTEGER PRIMARY KEY, account_id INTEGER NOT NULL REFERENCES account(id) ON DELETE CASCADE, days INTEGER NOT NULL DEFAULT 14);
      CREATE TRIGGER loan_days BEFORE INSERT ON loan WHEN NEW.days <= 0 BEGIN SELECT RAISE(ABORT, 'days'); END;`;
    expect(await variant(byTrigger)).toMatchObject({ passed: false, message: 'Ask for days > 0 with a CHECK constraint, not a trigger.' });
  });

  const plan: GradedCheck = {
    kind: 'state',
    referenceSql: 'CREATE INDEX idx_balance ON account(balance);',
    verifySql: 'EXPLAIN QUERY PLAN SELECT id FROM account WHERE balance > 60',
    probes: [],
  };

  it('a plan is compared by its shape: another index on the same columns passes, and so does ANALYZE', async () => {
    // Enough rows that ANALYZE keeps the index (it changes SQLite's cost column, which is not compared).
    const many = (n: number) => `CREATE TABLE account (id INTEGER PRIMARY KEY, balance INTEGER NOT NULL);
      WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < ${n}) INSERT INTO account SELECT n, n * 7 % 100 FROM r;`;
    expect(await attempt(many(200), many(150), plan, 'CREATE INDEX by_balance ON account(balance);')).toMatchObject({ passed: true });
    expect(await attempt(many(200), many(150), plan, 'CREATE INDEX idx_balance ON account(balance); ANALYZE;')).toMatchObject({ passed: true });
    const wrong = await attempt(many(200), many(150), plan, 'SELECT 1;');
    expect(wrong).toMatchObject({ passed: false });
    expect(JSON.stringify(wrong)).not.toMatch(/idx_balance/);
  });

  it('an index that adds the INTEGER PRIMARY KEY after the same columns serves the same plan, on a key that is the rowid or not', async () => {
    // The hidden variant declares the key DESC (not the rowid), as hidden-variant.ts does: there only (balance, id) covers the query.
    const rows = (key: string) => `CREATE TABLE account (id INTEGER PRIMARY KEY${key}, balance INTEGER NOT NULL);
      WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < 50) INSERT INTO account SELECT n, n * 7 % 100 FROM r;`;
    expect(await attempt(rows(''), rows(' DESC'), plan, 'CREATE INDEX by_balance ON account(balance, id);')).toMatchObject({ passed: true });
    expect(await attempt(rows(''), rows(' DESC'), plan, 'CREATE INDEX by_id ON account(id, balance);')).toMatchObject({ passed: false });
  });
});

describe('mongo checks: the same order rules where the reference sorts', () => {
  const books = (rows: [string, number][]) => JSON.stringify({ b: rows.map(([t, y], i) => ({ _id: i + 1, t, y })) });
  const visible = books([['A', 1990], ['B', 1995], ['C', 2001]]);
  const hidden = books([['C', 2001], ['A', 1990], ['B', 1990], ['D', 1985]]);
  const byYear: GradedCheck = { kind: 'mongo', referenceQuery: 'db.b.find({}, {"_id": 0, "t": 1, "y": 1}).sort({"y": 1})' };

  it('ties of the sort key come in any order, a wrong order on the hidden data says so, no sort fails', async () => {
    expect(await attempt(visible, hidden, byYear, 'db.b.find({}, {"_id": 0, "y": 1, "t": 1}).sort({"y": 1, "t": -1})')).toMatchObject({ passed: true });
    expect(await attempt(visible, hidden, byYear, 'db.b.find({}, {"_id": 0, "t": 1, "y": 1}).sort({"t": 1})')).toMatchObject({ passed: false, message: expect.stringMatching(/hidden data: the rows are in another order/) });
    expect(await attempt(visible, hidden, byYear, 'db.b.find({}, {"_id": 0, "t": 1, "y": 1})')).toMatchObject({ passed: false, message: MISSING_ORDER_MESSAGE });
  });
});
