import { describe, expect, it } from '@jest/globals';
import { blankLiterals, lineAt, ordersAtTopLevel, refusal } from './sql-text.js';

describe('refusal', () => {
  it('refuses ATTACH, DETACH and VACUUM, naming the line', () => {
    expect(refusal("SELECT 1;\nATTACH DATABASE '/etc/passwd' AS p;")).toBe('ATTACH is not allowed here (line 2).');
    expect(refusal('detach main')).toBe('DETACH is not allowed here (line 1).');
    expect(refusal("VACUUM INTO '/tmp/copy.db'")).toBe('VACUUM is not allowed here (line 1).');
  });

  it('refuses load_extension and every PRAGMA that is not a schema description', () => {
    expect(refusal("SELECT load_extension('/tmp/x.so')")).toBe('load_extension is not allowed here (line 1).');
    expect(refusal('PRAGMA journal_mode = WAL')).toBe('PRAGMA journal_mode is not allowed here (line 1).');
    expect(refusal('pragma main.writable_schema = 1')).toBe('PRAGMA writable_schema is not allowed here (line 1).');
    expect(refusal("PRAGMA table_info('member')")).toBeNull();
    expect(refusal('PRAGMA foreign_keys = ON;')).toBeNull();
  });

  it('does not see the words inside strings, quoted names or comments', () => {
    expect(refusal("SELECT 'attach' AS \"vacuum\", [detach] FROM t -- ATTACH\n/* PRAGMA journal_mode */")).toBeNull();
    expect(refusal("SELECT 'it''s ATTACH'")).toBeNull();
  });
});

describe('ordersAtTopLevel', () => {
  it('sees ORDER BY of the last statement outside parentheses', () => {
    expect(ordersAtTopLevel('SELECT * FROM t ORDER BY a')).toBe(true);
    expect(ordersAtTopLevel('select *\nfrom t\norder   by a;')).toBe(true);
    expect(ordersAtTopLevel('SELECT * FROM (SELECT * FROM t ORDER BY a)')).toBe(false);
    expect(ordersAtTopLevel('SELECT a, rank() OVER (ORDER BY b) FROM t')).toBe(false);
    expect(ordersAtTopLevel("SELECT 'ORDER BY' FROM t -- ORDER BY a")).toBe(false);
    expect(ordersAtTopLevel('SELECT * FROM t ORDER BY a; SELECT * FROM t')).toBe(false);
  });
});

describe('lineAt and blankLiterals', () => {
  it('finds the line of the first non-blank character at an offset', () => {
    expect(lineAt('SELECT 1;\n\n  SELECT x', 9)).toBe(3);
  });

  it('keeps lengths and line breaks', () => {
    const sql = "SELECT 'a\nb' -- c\n, 2";
    expect(blankLiterals(sql)).toHaveLength(sql.length);
    expect(blankLiterals(sql).split('\n')).toHaveLength(3);
  });
});
