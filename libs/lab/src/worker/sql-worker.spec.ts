import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import initSqlJs from 'sql.js';
import { withStatementLine, type StatementFailure } from './failed-statement.js';
import type { FailedStatement, SqlWorkerAnswer, SqlWorkerMessage } from './protocol.js';
import { serveSqlJobs, type SqlWorkerScope } from './sql-worker.js';

type SqlRunResult = SqlWorkerAnswer | StatementFailure;

const SANDBOX = "CREATE TABLE student (id INTEGER PRIMARY KEY, name TEXT);\nINSERT INTO student VALUES (1, 'Ada'), (2, 'Edgar');";
const SCHOOL = `${SANDBOX}\nCREATE TABLE enrollment (student_id INTEGER REFERENCES student(id), course_id INTEGER, grade INTEGER);\nINSERT INTO enrollment VALUES (1, 7, 90);`;

/**
 * The worker's own code (what sql-worker-entry runs), on a scope like a worker's (importScripts,
 * postMessage, onmessage) with the real sql.js, told where the engine is first as the page tells it:
 * each query is answered as the page shows it (the failing statement's line added).
 */
async function runInWorker(queries: string[], sandbox = SANDBOX, mode: { explain?: true; schema?: true } = {}): Promise<SqlRunResult[]> {
  const answers: { id: number; result: SqlRunResult | FailedStatement }[] = [];
  let loaded = false;
  const scope: SqlWorkerScope = {
    importScripts: (url: string) => {
      expect(url).toBe('https://cdn.example/sql-wasm.1234.js');
      // The test hands sql.js its WebAssembly's bytes instead of letting it fetch them.
      scope.initSqlJs = ({ locateFile }) => {
        expect(locateFile()).toBe('https://cdn.example/sql-wasm.1234.wasm');
        return initSqlJs({ wasmBinary: Uint8Array.from(readFileSync(createRequire(import.meta.url).resolve('sql.js/dist/sql-wasm.wasm'))).buffer }) as never;
      };
      loaded = true;
    },
    postMessage: (message) => answers.push(message as { id: number; result: SqlRunResult | FailedStatement }),
    onmessage: null,
  };
  serveSqlJobs(scope);
  const post = (data: unknown) => scope.onmessage?.({ data: data as SqlWorkerMessage });
  post({ engine: { sqlJsUrl: 'https://cdn.example/sql-wasm.1234.js', wasmUrl: 'https://cdn.example/sql-wasm.1234.wasm' } });
  expect(loaded).toBe(true);
  queries.forEach((sql, id) => post({ id, sandbox, sql, ...mode }));
  while (answers.length < queries.length) await new Promise((resolve) => setTimeout(resolve, 5));
  return answers.sort((a, b) => a.id - b.id).map(({ id, result }) => withStatementLine(queries[id] ?? '', result));
}

describe('the SQL worker', () => {
  it('names the line where the failing statement starts, past the ones that ran', async () => {
    const [missingTable, syntax, afterComment, runtime] = await runInWorker([
      'SELECT name FROM student;\n\nSELECT *\n  FROM studnt;',
      'SELECT 1;\nSELEC 2;',
      "DELETE FROM student WHERE id = 1;\n-- then the broken one\nINSERT INTO student VALUES (2, 'again');",
      "SELECT 1;\nSELECT 2;\nSELECT json_extract('{', '$');",
    ]);
    expect(missingTable).toEqual({ kind: 'error', message: 'Line 3: no such table: studnt', line: 3 });
    expect(syntax).toEqual({ kind: 'error', message: 'Line 2: near "SELEC": syntax error', line: 2 });
    expect(afterComment).toEqual({ kind: 'error', message: 'Line 3: UNIQUE constraint failed: student.id', line: 3 });
    expect(runtime).toEqual({ kind: 'error', message: 'Line 3: malformed JSON', line: 3 });
  });

  it('answers the result that has columns (an empty one too), every one when there are several, or what a statement changed', async () => {
    const [last, empty, changed, skipped] = await runInWorker([
      "INSERT INTO student VALUES (3, NULL);\nSELECT count(*) AS n FROM student;\nUPDATE student SET name = 'x';",
      'SELECT id, name FROM student WHERE id > 9;',
      "DELETE FROM student WHERE name = 'Ada';",
      'SELECT 1 AS a;;\n;\nSELECT 2 AS b; -- the end',
    ]);
    expect(last).toEqual({ kind: 'table', columns: ['n'], rows: [[3]] });
    expect(empty).toEqual({ kind: 'table', columns: ['id', 'name'], rows: [] });
    expect(changed).toEqual({ kind: 'done', message: 'Done: 1 rows changed (in this copy only).' });
    // Empty statements are skipped; both results are shown, in order.
    expect(skipped).toEqual({ kind: 'tables', tables: [{ columns: ['a'], rows: [[1]] }, { columns: ['b'], rows: [[2]] }] });
  });

  it('starts every run from a fresh copy of the sandbox', async () => {
    const [deleted, counted] = await runInWorker(['DELETE FROM student;\nSELECT count(*) FROM student;', 'SELECT count(*) FROM student;']);
    expect(deleted).toEqual({ kind: 'table', columns: ['count(*)'], rows: [[0]] });
    expect(counted).toEqual({ kind: 'table', columns: ['count(*)'], rows: [[2]] });
  });

  it('refuses what the server refuses, decided on each statement as SQLite splits the text', async () => {
    const [hidden, explained, quoted, allowed] = await runInWorker([
      "SELECT $a(');\nATTACH ':memory:' AS x; SELECT $b(')",
      'SELECT 1;\n\nEXPLAIN VACUUM',
      'PRAGMA "main".[journal_mode]',
      'PRAGMA foreign_keys',
    ]);
    expect(hidden).toEqual({ kind: 'error', message: 'ATTACH is not allowed here (line 2).', line: 2 });
    expect(explained).toEqual({ kind: 'error', message: 'VACUUM is not allowed here (line 3).', line: 3 });
    expect(quoted).toEqual({ kind: 'error', message: 'PRAGMA journal_mode is not allowed here (line 1).', line: 1 });
    expect(allowed).toEqual({ kind: 'table', columns: ['foreign_keys'], rows: [[1]] });
  });

  it('stops a result over the byte caps while reading it, with the server\'s words', async () => {
    const [total, value] = await runInWorker([
      'WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i+1 FROM c WHERE i<9999) SELECT i, hex(zeroblob(15000)) FROM c',
      'SELECT 1;\nSELECT hex(zeroblob(1600000))',
    ]);
    expect(total).toEqual({ kind: 'error', message: 'Your result is too large (over 4 MB); add a LIMIT.' });
    expect(value).toEqual({ kind: 'error', message: 'A value in your result is too large (over 1 MB).' });
  });

  it('shows every statement that returns rows, in order, as the lesson promises', async () => {
    const [rolledBack] = await runInWorker([
      "BEGIN;\nUPDATE enrollment SET grade = 0;\nSELECT grade FROM enrollment;\nROLLBACK;\nSELECT grade FROM enrollment;",
    ], SCHOOL);
    expect(rolledBack).toEqual({ kind: 'tables', tables: [{ columns: ['grade'], rows: [[0]] }, { columns: ['grade'], rows: [[90]] }] });
  });

  it('enforces foreign keys in every copy, and lets the learner read and switch them in theirs', async () => {
    const [orphan, drop, read, switched] = await runInWorker([
      'SELECT 1;\nINSERT INTO enrollment VALUES (999, 999, 50);',
      'DROP TABLE student;',
      'PRAGMA foreign_keys;',
      'PRAGMA foreign_keys = OFF;\nINSERT INTO enrollment VALUES (999, 999, 50);\nSELECT count(*) AS n FROM enrollment;',
    ], SCHOOL);
    expect(orphan).toEqual({ kind: 'error', message: 'Line 2: FOREIGN KEY constraint failed', line: 2 });
    expect(drop).toEqual({ kind: 'error', message: 'Line 1: FOREIGN KEY constraint failed', line: 1 });
    expect(read).toEqual({ kind: 'table', columns: ['foreign_keys'], rows: [[1]] });
    expect(switched).toEqual({ kind: 'table', columns: ['n'], rows: [[2]] });
  });

  it('enforces a STRICT table', async () => {
    const [strict] = await runInWorker(["CREATE TABLE staff (salary INTEGER) STRICT;\nINSERT INTO staff VALUES ('lots');"]);
    expect(strict).toEqual({ kind: 'error', message: 'Line 2: cannot store TEXT value in INTEGER column staff.salary', line: 2 });
  });

  it('explains the last statement after running the ones before it, under the same rule', async () => {
    const [scan, search, broken, refused, nothing] = await runInWorker(
      [
        'SELECT * FROM enrollment WHERE student_id = 1',
        'CREATE INDEX enrollment_student ON enrollment(student_id);\nSELECT * FROM enrollment WHERE student_id = 1;',
        'SELECT 1;\nSELEC * FROM enrollment',
        "SELECT 1;\nATTACH ':memory:' AS x",
        '-- nothing here',
      ],
      SCHOOL,
      { explain: true },
    );
    expect(scan).toEqual({ kind: 'plan', steps: [{ id: expect.any(Number), parent: 0, detail: 'SCAN enrollment' }] });
    expect(search).toEqual({ kind: 'plan', steps: [{ id: expect.any(Number), parent: 0, detail: 'SEARCH enrollment USING INDEX enrollment_student (student_id=?)' }] });
    expect(broken).toEqual({ kind: 'error', message: 'Line 2: near "SELEC": syntax error', line: 2 });
    expect(refused).toEqual({ kind: 'error', message: 'ATTACH is not allowed here (line 2).', line: 2 });
    expect(nothing).toEqual({ kind: 'error', message: 'There is no statement to explain.' });
  });

  it('reads every table\'s columns and foreign keys from the catalog for the schema view', async () => {
    const [schema] = (await runInWorker([''], `${SCHOOL}\nCREATE TABLE grade (student_id INTEGER, course_id INTEGER, PRIMARY KEY (student_id, course_id), FOREIGN KEY (student_id) REFERENCES student);\nCREATE TABLE exam (student_id INTEGER REFERENCES student(id), course_id INTEGER, FOREIGN KEY (student_id, course_id) REFERENCES grade(student_id, course_id));`, { schema: true })) as unknown as { kind: string; tables: { name: string; columns: { name: string; primaryKey: boolean }[]; foreignKeys: unknown[] }[] }[];
    expect(schema?.tables.map((table) => [table.name, table.columns.filter((column) => column.primaryKey).map((column) => column.name), table.foreignKeys])).toEqual([
      ['enrollment', [], [{ table: 'student', from: ['student_id'], to: ['id'] }]],
      ['exam', [], [{ table: 'student', from: ['student_id'], to: ['id'] }, { table: 'grade', from: ['student_id', 'course_id'], to: ['student_id', 'course_id'] }]],
      ['grade', ['student_id', 'course_id'], [{ table: 'student', from: ['student_id'], to: [null] }]],
      ['student', ['id'], []],
    ]);
  });

  it('answers every job that the engine cannot load, and a job sent before the engine', async () => {
    const answers: unknown[] = [];
    const scope: SqlWorkerScope = {
      importScripts: () => {
        throw new Error('NetworkError: the script failed to load');
      },
      postMessage: (message) => answers.push(message),
      onmessage: null,
    };
    serveSqlJobs(scope);
    const post = (data: unknown) => scope.onmessage?.({ data: data as SqlWorkerMessage });
    post({ id: 0, sandbox: '', sql: 'SELECT 1' });
    post({ engine: { sqlJsUrl: 'https://cdn.example/gone.js', wasmUrl: 'https://cdn.example/gone.wasm' } });
    post({ id: 1, sandbox: '', sql: 'SELECT 1' });
    while (answers.length < 2) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(answers).toEqual([
      { id: 0, result: { kind: 'error', message: 'The SQL engine was not started.' } },
      { id: 1, result: { kind: 'error', message: 'The SQL engine could not load: NetworkError: the script failed to load' } },
    ]);
  });
});
