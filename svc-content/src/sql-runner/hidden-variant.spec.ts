import { describe, expect, it } from '@jest/globals';
import type { SqlJsStatic } from 'sql.js';
import { buildSandbox, loadEngine, runOnCopy } from './sql-engine.js';
import { deriveHiddenCollections, deriveHiddenSql } from '@dblearn/lab/hidden-variant';

const SCHOOL = `CREATE TABLE dept (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
CREATE TABLE student (id INTEGER PRIMARY KEY, name TEXT NOT NULL, email TEXT NOT NULL UNIQUE, year INTEGER NOT NULL CHECK (year BETWEEN 1 AND 4), major TEXT, dept_id INTEGER REFERENCES dept(id));
CREATE TABLE grade (student_id INTEGER NOT NULL REFERENCES student(id), course TEXT NOT NULL, score INTEGER, PRIMARY KEY (student_id, course));
INSERT INTO dept VALUES (1, 'Maths'), (2, 'Physics'), (3, 'Art');
INSERT INTO student VALUES
  (1, 'Ada', 'ada@x.org', 1, 'CS', 1), (2, 'Ben', 'ben@x.org', 2, 'CS', 1), (3, 'Cy', 'cy@x.org', 3, NULL, 2),
  (4, 'Dan', 'dan@x.org', 4, 'Art', 3), (5, 'Eve', 'eve@x.org', 2, 'Maths', 1), (6, 'Fay', 'fay@x.org', 1, 'CS', 2),
  (7, 'Gus', 'gus@x.org', 3, 'Art', 3), (8, 'Hal', 'hal@x.org', 4, NULL, 1);
INSERT INTO grade VALUES (1, 'db', 90), (2, 'db', 75), (3, 'db', 60), (4, 'db', NULL), (5, 'db', 88), (7, 'db', 91);`;

async function derived(sql: SqlJsStatic, source: string): Promise<Uint8Array> {
  const db = new sql.Database(buildSandbox(sql, source));
  try {
    deriveHiddenSql(db);
    return db.export();
  } finally {
    db.close();
  }
}

describe('deriveHiddenSql', () => {
  it('is deterministic, keeps every foreign key and constraint, and changes what a pasted answer would hold', async () => {
    const sql = await loadEngine();
    const hidden = await derived(sql, SCHOOL);
    expect(await derived(sql, SCHOOL)).toEqual(hidden);
    const visible = buildSandbox(sql, SCHOOL);
    const rows = (bytes: Uint8Array, query: string) => runOnCopy(sql, bytes, query).rows;
    expect(rows(hidden, 'PRAGMA foreign_key_check')).toEqual([]);
    expect(rows(hidden, 'SELECT count(*) FROM student WHERE year NOT BETWEEN 1 AND 4')).toEqual([[0]]);
    // Grade row 2 went (rowid % 5 = 2, nothing points at it), then student 2 (nothing points at it any
    // more); student 7 stays (its grade does), and a copy of a middle row came in as student 9.
    expect(rows(hidden, 'SELECT id FROM student ORDER BY id').map(([id]) => id)).toEqual([1, 3, 4, 5, 6, 7, 8, 9]);
    // Keys stay, other values move: e-mails stay unique but belong to other students.
    expect(rows(hidden, 'SELECT count(DISTINCT email) = count(*) FROM student')).toEqual([[1]]);
    expect(rows(hidden, 'SELECT id, email FROM student ORDER BY email LIMIT 1')).not.toEqual(rows(visible, 'SELECT id, email FROM student ORDER BY email LIMIT 1'));
    expect(rows(hidden, 'SELECT name, year FROM student ORDER BY id')).not.toEqual(rows(visible, 'SELECT name, year FROM student ORDER BY id'));
    // Key columns of the kept grades are untouched; their scores moved.
    expect(rows(hidden, 'SELECT student_id, course FROM grade ORDER BY 1')).toEqual([[1, 'db'], [3, 'db'], [4, 'db'], [5, 'db'], [7, 'db']]);
    expect(rows(hidden, 'SELECT score FROM grade ORDER BY student_id')).not.toEqual(rows(visible, "SELECT score FROM grade WHERE student_id <> 2 ORDER BY student_id"));
  });

  it('stores every table out of key order, keeping keys, constraints and an inserted row’s key from its rowid', async () => {
    const sql = await loadEngine();
    const hidden = await derived(sql, SCHOOL);
    const rows = (query: string) => runOnCopy(sql, hidden, query).rows;
    const scanned = rows('SELECT id FROM student').map(([id]) => id);
    expect([...scanned].sort((a, b) => Number(a) - Number(b))).toEqual([1, 3, 4, 5, 6, 7, 8, 9]);
    expect(scanned).not.toEqual([1, 3, 4, 5, 6, 7, 8, 9]);
    expect(rows('SELECT * FROM grade').map(([id]) => id)).not.toEqual([1, 3, 4, 5, 7]);
    expect(rows("SELECT pk, type FROM pragma_table_info('student') WHERE name = 'id'")).toEqual([[1, 'INTEGER']]);
    expect(rows('PRAGMA foreign_key_check')).toEqual([]);
    expect(rows("SELECT count(*) FROM pragma_index_list('student') WHERE \"unique\" = 1 AND origin = 'u'")).toEqual([[1]]);
    expect(rows("INSERT INTO student (name, email, year) VALUES ('Zoe', 'zoe@x.org', 1); SELECT id = last_insert_rowid(), id FROM student WHERE name = 'Zoe'")).toEqual([[1, 10]]);
    expect(() => runOnCopy(sql, hidden, "INSERT INTO student VALUES (1, 'Dup', 'dup@x.org', 1, NULL, NULL)")).toThrow(/UNIQUE|PRIMARY/);
    expect(() => runOnCopy(sql, hidden, "INSERT INTO grade VALUES (99, 'db', 1)")).toThrow(/FOREIGN KEY/);
  });

  it('builds for a table without a rowid and for an empty table', async () => {
    const sql = await loadEngine();
    const hidden = await derived(sql, 'CREATE TABLE k (a TEXT PRIMARY KEY, b INTEGER) WITHOUT ROWID; INSERT INTO k VALUES (\'x\', 1); CREATE TABLE e (a INTEGER);');
    expect(runOnCopy(sql, hidden, 'SELECT a, b FROM k').rows).toEqual([['x', 1]]);
  });
});

describe('deriveHiddenCollections', () => {
  it('drops one document in five and moves non-key field values, keeping _id and …Id fields', () => {
    const books = Array.from({ length: 6 }, (_, i) => ({ _id: i + 1, authorId: 10 + i, title: `T${i}`, year: 1900 + i }));
    const hidden = deriveHiddenCollections({ books });
    expect(deriveHiddenCollections({ books })).toEqual(hidden);
    const byId = [...(hidden.books ?? [])].sort((a, b) => Number(a._id) - Number(b._id));
    expect(byId.map((book) => book._id)).toEqual([1, 2, 4, 5, 6]);
    expect(hidden.books?.map((book) => book._id)).not.toEqual([1, 2, 4, 5, 6]);
    expect(byId.map((book) => book.authorId)).toEqual([10, 11, 13, 14, 15]);
    expect(byId.map((book) => book.title)).not.toEqual(['T0', 'T1', 'T3', 'T4', 'T5']);
    expect(books[0]).toEqual({ _id: 1, authorId: 10, title: 'T0', year: 1900 });
  });
});
