import { withStatementLine } from './failed-statement.js';
import type { SqlWorkerAnswer } from './protocol.js';

describe('withStatementLine', () => {
  it('words a failed statement as the server does, with the line where it starts', () => {
    const sql = 'SELECT 1;\n-- the broken one:\nSELECT *\n  FROM studnt;';
    expect(withStatementLine(sql, { kind: 'error', message: 'no such table: studnt', offset: sql.indexOf(';') + 1 })).toEqual({
      kind: 'error',
      message: 'Line 3: no such table: studnt',
      line: 3,
    });
    expect(withStatementLine('SELEC 1', { kind: 'error', message: 'near "SELEC": syntax error', offset: 0 })).toEqual({ kind: 'error', message: 'Line 1: near "SELEC": syntax error', line: 1 });
  });

  it('leaves results and failures without a statement (a stop, an engine that did not load) as they are', () => {
    const table: SqlWorkerAnswer = { kind: 'table', columns: ['n'], rows: [[1]] };
    expect(withStatementLine('SELECT 1', table)).toBe(table);
    expect(withStatementLine('SELECT 1', { kind: 'error', message: 'Your query ran longer than 5 s and was stopped.' })).toEqual({ kind: 'error', message: 'Your query ran longer than 5 s and was stopped.' });
  });
});
