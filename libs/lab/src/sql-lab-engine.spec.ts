import { statementRefusal } from './sql-lab-engine.js';

// The rule on its own; svc-content's sql-engine.spec.ts runs it on the real engine with the bypass family.

describe('statementRefusal', () => {
  it('lets the allowed verbs through, EXPLAIN before one of them too', () => {
    for (const sql of ['SELECT 1', 'values (1)', 'WITH x AS (SELECT 1) SELECT * FROM x', 'INSERT INTO t VALUES (1)', 'replace into t values (1)', 'UPDATE t SET a = 1', 'DELETE FROM t', 'CREATE TABLE t (a)', 'DROP TABLE t', 'ALTER TABLE t ADD b', 'BEGIN', 'COMMIT', 'END', 'ROLLBACK', 'SAVEPOINT a', 'RELEASE a', 'ANALYZE', 'REINDEX', 'EXPLAIN SELECT 1', 'explain query plan select 1']) {
      expect(statementRefusal(sql)).toBeNull();
    }
  });

  it('refuses ATTACH, DETACH and VACUUM, behind comments, empty statements and EXPLAIN as well', () => {
    expect(statementRefusal("ATTACH 'x.db' AS x")).toBe('ATTACH');
    expect(statementRefusal('  -- first\n /* then */ ;; detach x')).toBe('DETACH');
    expect(statementRefusal("VACUUM INTO '/tmp/x.db'")).toBe('VACUUM');
    expect(statementRefusal("EXPLAIN QUERY PLAN ATTACH 'x' AS y")).toBe('ATTACH');
    expect(statementRefusal('EXPLAIN /* c */ vacuum')).toBe('VACUUM');
    // Not SQLite's EXPLAIN QUERY PLAN: a syntax error, left to SQLite.
    expect(statementRefusal('EXPLAIN QUERY VACUUM')).toBeNull();
  });

  it('reads a PRAGMA name in every form SQLite reads one, with or without a schema', () => {
    expect(statementRefusal('PRAGMA table_info(t)')).toBeNull();
    expect(statementRefusal('pragma MAIN.Foreign_Keys = off')).toBeNull();
    expect(statementRefusal('PRAGMA /* a */ main /* b */ . -- c\n [foreign_key_check]')).toBeNull();
    expect(statementRefusal('PRAGMA hard_heap_limit=65536')).toBe('PRAGMA hard_heap_limit');
    expect(statementRefusal("PRAGMA 'soft_heap_limit' = 1")).toBe('PRAGMA soft_heap_limit');
    expect(statementRefusal('PRAGMA "main"."journal_mode"')).toBe('PRAGMA journal_mode');
    expect(statementRefusal('PRAGMA `temp`.`cache_size`(1)')).toBe('PRAGMA cache_size');
    expect(statementRefusal('PRAGMA "a""b"')).toBe('PRAGMA a"b');
    expect(statementRefusal('EXPLAIN PRAGMA writable_schema = 1')).toBe('PRAGMA writable_schema');
    // Only ASCII letters fold: a Kelvin sign is not a k.
    expect(statementRefusal('PRAGMA foreign_\u212Aeys')).toBe('PRAGMA foreign_\u212Aeys');
    expect(statementRefusal('PRAGMA')).toBe('PRAGMA');
    expect(statementRefusal('PRAGMA "unterminated')).toBe('PRAGMA');
  });

  it('reads only the statement at the start, and leaves what starts no statement to SQLite', () => {
    expect(statementRefusal("SELECT $a('); PRAGMA hard_heap_limit=1; SELECT $b(')")).toBeNull();
    expect(statementRefusal('PRAGMA table_info(t); ATTACH x AS y')).toBeNull();
    expect(statementRefusal('SELEC 1')).toBeNull();
    expect(statementRefusal('(SELECT 1)')).toBeNull();
    expect(statementRefusal('  -- nothing else')).toBeNull();
    // Not SQLite white space: one word to SQLite, which it refuses as a syntax error.
    expect(statementRefusal('\u00a0ATTACH x')).toBeNull();
  });
});
