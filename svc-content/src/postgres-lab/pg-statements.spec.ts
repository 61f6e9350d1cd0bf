import { describe, expect, it } from '@jest/globals';
import { leadingWords, pgStatementRefusal, splitPgStatements } from './pg-statements.js';

describe('splitPgStatements', () => {
  it('splits on semicolons outside strings, names, comments and dollar quotes, keeping offsets', () => {
    const text = [
      "SELECT 'a;b', E'it\\'s;', \"x;y\" FROM t; -- c;",
      '/* outer /* inner; */ still; */ SELECT 2;',
      'DO $body$ BEGIN PERFORM 1; END $body$;',
      'SELECT $$;$$, a$b FROM t2;;',
    ].join('\n');
    const statements = splitPgStatements(text);
    expect(statements.map((s) => s.sql.trim())).toEqual([
      "SELECT 'a;b', E'it\\'s;', \"x;y\" FROM t",
      '-- c;\n/* outer /* inner; */ still; */ SELECT 2',
      'DO $body$ BEGIN PERFORM 1; END $body$',
      'SELECT $$;$$, a$b FROM t2',
    ]);
    expect(text.slice(statements[2]!.offset).trimStart().startsWith('DO')).toBe(true);
  });

  it('drops empty statements and keeps an unterminated string whole (the server then refuses it)', () => {
    expect(splitPgStatements(' ; -- only a comment\n;')).toEqual([]);
    expect(splitPgStatements("SELECT 'open; SELECT 2").map((s) => s.sql)).toEqual(["SELECT 'open; SELECT 2"]);
  });
});

describe('pgStatementRefusal', () => {
  it('refuses what would end the attempt, outlive it or lift its limits', () => {
    const refused: Array<[string, string]> = [
      ['COMMIT', 'COMMIT'],
      ['end', 'END'],
      ['/* x */ rollback', 'ROLLBACK'],
      ['BEGIN', 'BEGIN'],
      ['START TRANSACTION', 'START'],
      ["PREPARE TRANSACTION 'x'", 'PREPARE TRANSACTION'],
      ['PREPARE p AS SELECT 1', 'PREPARE'],
      ['LISTEN jobs', 'LISTEN'],
      ["NOTIFY jobs, 'x'", 'NOTIFY'],
      ['DISCARD ALL', 'DISCARD'],
      ['COPY t TO STDOUT', 'COPY'],
      ['SET statement_timeout = 0', 'SET statement_timeout'],
      ['set local "Work_Mem" to \'1GB\'', 'SET work_mem'],
      ['RESET lock_timeout', 'RESET lock_timeout'],
      ['SET SESSION idle_in_transaction_session_timeout = 0', 'SET idle_in_transaction_session_timeout'],
      ['DECLARE c CURSOR WITH HOLD FOR SELECT 1', 'DECLARE … WITH HOLD'],
    ];
    for (const [sql, what] of refused) expect([sql, pgStatementRefusal(sql)]).toEqual([sql, what]);
  });

  it('lets through what the server decides or what a lesson needs', () => {
    for (const sql of ['SELECT 1', 'ROLLBACK TO SAVEPOINT s', 'SAVEPOINT s', 'SET enable_seqscan = off', 'SET ROLE postgres', 'VACUUM t', 'DECLARE c CURSOR FOR SELECT 1', "SELECT 'COMMIT'"]) {
      expect([sql, pgStatementRefusal(sql)]).toEqual([sql, null]);
    }
  });

  it('reads words past comments, stopping at a string', () => {
    expect(leadingWords('-- a\n /* b */ set  LOCAL x', 3)).toEqual(['SET', 'LOCAL', 'X']);
    expect(leadingWords("SELECT 'COMMIT'", 3)).toEqual(['SELECT']);
  });
});
