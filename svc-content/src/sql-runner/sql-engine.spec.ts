import { beforeAll, describe, expect, it } from '@jest/globals';
import type { Database, SqlJsStatic } from 'sql.js';
import { buildSandbox, heapLimitsIntact, loadEngine, runOnCopy, runReadingOrOnCopy, runStatements, SqlFailure } from './sql-engine.js';

// The lab's rule and caps on the real engine (sql.js, as the workers run it).

let sql: SqlJsStatic;
beforeAll(async () => {
  sql = await loadEngine();
});

/** What a forbidden statement would leave behind on its connection (or, for the heap limits, on the whole engine). */
function stateOf(db: Database): string {
  const read = (pragma: string) => JSON.stringify(db.exec(`PRAGMA ${pragma}`)[0]?.values);
  return ['database_list', 'user_version', 'cache_size', 'writable_schema', 'journal_mode', 'query_only'].map(read).join(' ') + ` heap limits intact=${heapLimitsIntact()}`;
}

/** Statements that must never run, each leaving a trace stateOf reads. */
const FORBIDDEN = [
  'PRAGMA hard_heap_limit=65536',
  'PRAGMA soft_heap_limit = 1',
  "ATTACH ':memory:' AS evil",
  'PRAGMA user_version = 7',
  'PRAGMA main.cache_size = 7',
  'PRAGMA writable_schema = 1',
  'PRAGMA journal_mode = OFF',
  'PRAGMA query_only = 1',
  'VACUUM',
  "VACUUM INTO '/leftover.db'",
  'DETACH temp',
];

/** Ways to put a forbidden statement where SQLite runs it as a statement of its own, past every token kind it has. */
const HIDING: ((statement: string) => string)[] = [
  (p) => p,
  ...['$', '@', ':', '#'].map((sigil) => (p: string) => `SELECT ${sigil}a('); ${p}; SELECT ${sigil}b(')`),
  (p) => `SELECT $a::b(");\n${p};\nSELECT $c(")`,
  (p) => `SELECT ?1, ?; ${p}`,
  (p) => `SELECT 1 AS "x;'"; ${p}`,
  (p) => `SELECT 1 AS [a;']; ${p}`,
  (p) => `SELECT 1 AS \`a;"\`; ${p}`,
  (p) => `SELECT 'it''s; "'; ${p}`,
  (p) => `SELECT X'3B27'; ${p}`,
  (p) => `SELECT 1 -- '; /*\n; ${p}`,
  (p) => `/* '; -- */ ${p}`,
  (p) => `SELECT 1 /* " */; ${p}`,
  (p) => `SELECT $a(/*); ${p}; SELECT 1 -- */`,
  (p) => `SELECT $x("); ${p}; SELECT [")`,
  (p) => `;; ;\n${p}`,
  (p) => `EXPLAIN ${p}`,
  (p) => `EXPLAIN QUERY PLAN ${p}`,
  (p) => `SELECT 1;\n-- ${p}\n${p.toLowerCase()}`,
];

/** Runs `text` on a fresh database and expects it refused by name (with its line), with nothing of it left behind. */
function expectRefusedLeavingNothing(text: string, explainLast: boolean) {
  const db = new sql.Database();
  const before = stateOf(db);
  let failure: unknown = null;
  try {
    runStatements(sql, db, text, explainLast);
  } catch (error) {
    failure = error;
  }
  expect([text, failure instanceof SqlFailure ? failure.message : failure]).toEqual([text, expect.stringMatching(/^(PRAGMA \w+|ATTACH|VACUUM|DETACH) is not allowed here \(line \d\)\.$/)]);
  expect([text, stateOf(db)]).toEqual([text, before]);
  db.close();
}

describe('the lab rule on the real engine', () => {
  it('never runs a forbidden statement, however the text around it is quoted', () => {
    let cases = 0;
    for (const forbidden of FORBIDDEN) {
      for (const hide of HIDING) {
        expectRefusedLeavingNothing(hide(forbidden), false);
        cases += 1;
      }
    }
    expect(cases).toBe(FORBIDDEN.length * HIDING.length);
  });

  it('never runs a forbidden statement through Explain, before the last statement or as the one explained', () => {
    let cases = 0;
    for (const forbidden of FORBIDDEN) {
      for (const hide of HIDING) {
        for (const text of [hide(forbidden), `${hide(forbidden)};\nSELECT 1`, `SELECT 1;\n${hide(forbidden)}`]) {
          expectRefusedLeavingNothing(text, true);
          cases += 1;
        }
      }
    }
    expect(cases).toBe(FORBIDDEN.length * HIDING.length * 3);
  });

  it('explains the last statement after running the ones before it, without running it', () => {
    const db = new sql.Database();
    const setup = 'CREATE TABLE t (a INTEGER, b TEXT);\nINSERT INTO t VALUES (1, \'x\'), (2, \'y\');\n';
    const details = (text: string) => (runStatements(sql, db, text, true)?.rows ?? []).map((row) => String(row[3]));
    expect(runStatements(sql, db, `${setup}SELECT * FROM t WHERE a = 2`, true)?.columns).toEqual(['id', 'parent', 'notused', 'detail']);
    expect(details('SELECT * FROM t WHERE a = 2')).toEqual(['SCAN t']);
    expect(details('-- the index first\nCREATE INDEX t_a ON t(a);\n  /* then */ ;; SELECT * FROM t WHERE a = 2;  -- done\n')).toEqual(['SEARCH t USING INDEX t_a (a=?)']);
    // An EXPLAIN the learner wrote is not doubled.
    expect(details('explain query plan SELECT * FROM t WHERE a = 2')).toEqual(['SEARCH t USING INDEX t_a (a=?)']);
    expect(details('EXPLAIN SELECT * FROM t WHERE b = 1')).toEqual(['SCAN t']);
    // The explained DELETE did not run.
    expect(details("DELETE FROM t WHERE b = 'x'")).toEqual(['SCAN t']);
    expect(runStatements(sql, db, 'SELECT count(*) FROM t')?.rows).toEqual([[2]]);
    expect(runStatements(sql, db, '  -- nothing', true)).toBeNull();
    expect(() => runStatements(sql, db, 'SELECT 1;\nSELEC * FROM t', true)).toThrow('Line 2: near "SELEC": syntax error');
    expect(() => runStatements(sql, db, 'SELECT * FROM missing', true)).toThrow('Line 1: no such table: missing');
    db.close();
  });

  it('lets a forbidden word inside a string, a name or a comment through without running it', () => {
    for (const forbidden of FORBIDDEN) {
      for (const text of [`SELECT '${forbidden.replace(/'/g, "''")}'`, `SELECT 1 AS [${forbidden}]`, `-- ${forbidden}\nSELECT 1`, `/* ${forbidden} */ SELECT 1`, `SELECT $a('${forbidden}')`]) {
        const db = new sql.Database();
        const before = stateOf(db);
        try {
          runStatements(sql, db, text);
        } catch (error) {
          // An unbound parameter or a name may fail; never as a refusal.
          expect(error instanceof Error ? error.message : '').not.toMatch(/not allowed here/);
        }
        expect([text, stateOf(db)]).toEqual([text, before]);
        db.close();
      }
    }
  });

  it('changes nothing through the pragma_* table-valued functions', () => {
    for (const text of [
      'SELECT * FROM pragma_hard_heap_limit(65536)',
      'SELECT * FROM pragma_soft_heap_limit(1)',
      'SELECT * FROM pragma_user_version(7)',
      "SELECT * FROM pragma_journal_mode('off')",
      'SELECT * FROM pragma_cache_size(7)',
      'SELECT * FROM pragma_writable_schema(1)',
      'SELECT hard_heap_limit FROM pragma_hard_heap_limit',
    ]) {
      const db = new sql.Database();
      const before = stateOf(db);
      try {
        runStatements(sql, db, text);
      } catch {
        // Most take no argument: SQLite refuses them; either way nothing may change.
      }
      expect([text, stateOf(db)]).toEqual([text, before]);
      db.close();
    }
  });

  it('runs on a build without load_extension, the dbpage and dbstat tables or the two-argument fts3_tokenizer', () => {
    const db = new sql.Database();
    const options = db.exec('PRAGMA compile_options')[0]?.values.map((row) => String(row[0])) ?? [];
    db.close();
    expect(options).toContain('OMIT_LOAD_EXTENSION');
    expect(options.filter((option) => /DBPAGE|DBSTAT|FTS3_TOKENIZER|LOAD_EXTENSION/.test(option))).toEqual(['OMIT_LOAD_EXTENSION']);
    expect(() => runOnCopy(sql, null, "SELECT load_extension('x')")).toThrow('Line 1: no such function: load_extension');
    expect(() => runOnCopy(sql, null, "SELECT fts3_tokenizer('simple', x'0000000000000000')")).toThrow('Line 1: fts3tokenize disabled');
    expect(() => runOnCopy(sql, null, 'CREATE VIRTUAL TABLE p USING sqlite_dbpage')).toThrow('Line 1: no such module: sqlite_dbpage');
  });

  // The whole engineIntact also bounds the thread's memory outside the JS heap; in a worker that is the
  // engine's alone, but in this jest process it counts every test's buffers and the garbage not yet
  // collected, so only the heap limits are read here (sql-runner.spec covers the memory bound).
  it('reads the engine as changed once a heap limit is (the worker is then replaced)', () => {
    expect(heapLimitsIntact()).toBe(true);
    // A job that got a lower hard limit through would leave the engine unable even to parse a
    // PRAGMA, and SQLite never raises a hard limit again: only replacing the worker heals that.
    // The soft limit can be set back, so it stands in for both here.
    const side = new sql.Database();
    try {
      side.exec('PRAGMA soft_heap_limit = 100000000');
      expect(heapLimitsIntact()).toBe(false);
      side.exec('PRAGMA soft_heap_limit = 134217728');
      expect(heapLimitsIntact()).toBe(true);
    } finally {
      side.close();
    }
  });
});

describe('the result caps', () => {
  it('stops a huge result while reading it, as a failure naming the cap', () => {
    const huge = 'WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i+1 FROM c WHERE i<9999) SELECT i, hex(zeroblob(15000)) FROM c';
    expect(() => runOnCopy(sql, null, huge)).toThrow(new SqlFailure('Your result is too large (over 4 MB); add a LIMIT.', null));
    expect(() => runOnCopy(sql, null, "SELECT 1;\nSELECT hex(zeroblob(1600000)) AS v")).toThrow(new SqlFailure('A value in your result is too large (over 1 MB).', null));
    // Under the caps: a 0.9 MB value and many small rows are fine.
    expect(runOnCopy(sql, null, 'SELECT length(hex(zeroblob(450000)))').rows).toEqual([[900000]]);
    expect(runOnCopy(sql, null, 'WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i+1 FROM c WHERE i<10000) SELECT i FROM c').rows).toHaveLength(10_000);
  });

  it('keeps a copy from growing past its page cap, and temporary tables inside the heap limit', () => {
    expect(() => runOnCopy(sql, null, 'CREATE TABLE t (b BLOB); WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i+1 FROM c WHERE i<100) INSERT INTO t SELECT zeroblob(1000000) FROM c')).toThrow(
      'database or disk is full',
    );
    expect(() => runOnCopy(sql, null, 'CREATE TEMP TABLE x AS WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i+1 FROM c WHERE i<200) SELECT zeroblob(1000000) AS b FROM c')).toThrow('out of memory');
  });
});

describe('a lab that behaves as the lessons say', () => {
  const school =
    'PRAGMA foreign_keys = ON;\nCREATE TABLE student (id INTEGER PRIMARY KEY, name TEXT);\nCREATE TABLE enrollment (student_id INTEGER REFERENCES student(id), course_id INTEGER, grade INTEGER);\n' +
    "INSERT INTO student VALUES (1, 'Ada');\nINSERT INTO enrollment VALUES (1, 7, 90);";

  it('enforces foreign keys in every copy', () => {
    const sandbox = buildSandbox(sql, school);
    expect(() => runOnCopy(sql, sandbox, 'SELECT 1;\nINSERT INTO enrollment VALUES (999, 999, 50)')).toThrow('Line 2: FOREIGN KEY constraint failed');
    expect(() => runOnCopy(sql, sandbox, 'DROP TABLE student')).toThrow('Line 1: FOREIGN KEY constraint failed');
    expect(runOnCopy(sql, sandbox, 'PRAGMA foreign_keys')).toEqual({ columns: ['foreign_keys'], rows: [[1]] });
  });

  it("lets a learner read and switch foreign keys in their own copy, and only there", () => {
    const sandbox = buildSandbox(sql, school);
    expect(runOnCopy(sql, sandbox, 'PRAGMA foreign_keys = OFF;\nINSERT INTO enrollment VALUES (999, 999, 50);\nSELECT count(*) AS n FROM enrollment')).toEqual({ columns: ['n'], rows: [[2]] });
    expect(runOnCopy(sql, sandbox, 'PRAGMA main.foreign_keys')).toEqual({ columns: ['foreign_keys'], rows: [[1]] });
  });

  it('builds a sandbox with foreign keys on, so a script with an orphan row does not build', () => {
    expect(() => buildSandbox(sql, `${school}\nINSERT INTO enrollment VALUES (5, 7, 80);`)).toThrow('Line 6: FOREIGN KEY constraint failed');
  });

  it('enforces STRICT tables', () => {
    expect(() => runOnCopy(sql, buildSandbox(sql, 'CREATE TABLE staff (salary INTEGER) STRICT;'), "INSERT INTO staff VALUES ('lots')")).toThrow('Line 1: cannot store TEXT value in INTEGER column staff.salary');
  });
});

describe('runReadingOrOnCopy: reads without a copy, anything else on a fresh one', () => {
  const SOURCE = 'CREATE TABLE t (n INTEGER PRIMARY KEY); CREATE TABLE u (n INTEGER REFERENCES t(n)); INSERT INTO t VALUES (1), (2), (3);';
  let bytes: Uint8Array;
  beforeAll(() => {
    bytes = buildSandbox(sql, SOURCE);
  });
  const count = () => runReadingOrOnCopy(sql, bytes, 'SELECT count(*) AS c FROM t').rows[0]?.[0];

  it('answers a read as a copy would, again and again', () => {
    for (let run = 0; run < 3; run += 1) {
      expect(runReadingOrOnCopy(sql, bytes, '-- comment\nSELECT n FROM t ORDER BY n; /* and */ WITH x AS (SELECT 2 AS n) SELECT n FROM x')).toEqual(runOnCopy(sql, bytes, 'SELECT 2 AS n'));
      expect(runReadingOrOnCopy(sql, bytes, 'VALUES (1), (2)')).toEqual({ columns: ['column1'], rows: [[1], [2]] });
    }
  });

  it('runs writes on a fresh copy, so no later run sees them', () => {
    expect(runReadingOrOnCopy(sql, bytes, 'DELETE FROM t; SELECT count(*) FROM t').rows).toEqual([[0]]);
    expect(runReadingOrOnCopy(sql, bytes, 'SELECT 1; INSERT INTO t VALUES (9); SELECT count(*) FROM t').rows).toEqual([[4]]);
    // A WITH that writes is found by SQLite itself (the kept connection is query_only) and rerun on a copy.
    expect(runReadingOrOnCopy(sql, bytes, 'WITH x AS (SELECT 7 AS n) INSERT INTO t SELECT n FROM x; SELECT count(*) FROM t').rows).toEqual([[4]]);
    expect(runReadingOrOnCopy(sql, bytes, 'PRAGMA foreign_keys = OFF; INSERT INTO u VALUES (99); SELECT count(*) FROM u').rows).toEqual([[1]]);
    expect(count()).toBe(3);
    expect(() => runReadingOrOnCopy(sql, bytes, 'INSERT INTO u VALUES (99)')).toThrow(/FOREIGN KEY constraint failed/);
  });

  it('refuses what the lab refuses, and fails a read as a copy does', () => {
    expect(() => runReadingOrOnCopy(sql, bytes, "SELECT 1; ATTACH ':memory:' AS evil")).toThrow('ATTACH is not allowed here (line 1).');
    expect(() => runReadingOrOnCopy(sql, bytes, 'SELECT 1; PRAGMA query_only = 0')).toThrow(/PRAGMA query_only is not allowed here/);
    expect(() => runReadingOrOnCopy(sql, bytes, 'SELECT 1;\nSELECT nope FROM t')).toThrow('Line 2: no such column: nope');
    expect(count()).toBe(3);
  });
});
