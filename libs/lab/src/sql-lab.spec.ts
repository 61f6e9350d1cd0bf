import { blankLiterals, statementLine } from './sql-lab.js';

describe('statementLine', () => {
  it('names the line where the statement at the offset starts', () => {
    const sql = 'SELECT 1;\n\nSELECT *\nFROM studnt;';
    expect(statementLine(sql, 0)).toBe(1);
    // sql.js hands back the text after "SELECT 1;": the next statement starts two lines further down.
    expect(statementLine(sql, sql.indexOf(';') + 1)).toBe(3);
  });

  it('skips the comments before the statement\'s first word', () => {
    expect(statementLine('-- books by year\nSELEC 1', 0)).toBe(2);
    expect(statementLine('SELECT 1; /* then\n the broken one */\n  -- here:\n  SELEC 2', 9)).toBe(4);
    expect(statementLine('SELECT 1; -- nothing after', 9)).toBe(1);
    expect(statementLine('SELECT 1;\n;\nSELEC 2', 9)).toBe(3);
  });

  it('stays inside the text for offsets out of range', () => {
    expect(statementLine('SELECT 1;\nSELECT 2', 500)).toBe(2);
    expect(statementLine('SELECT 1', -3)).toBe(1);
    expect(statementLine('SELECT 1;\n\n  SELECT x', 9)).toBe(3);
  });

  it('counts a string that spans lines as lines of the text', () => {
    const sql = "INSERT INTO t VALUES ('a\nb');\nSELEC x";
    expect(statementLine(sql, sql.indexOf(';') + 1)).toBe(3);
  });
});

describe('blankLiterals', () => {
  it('keeps the length and the lines, so offsets and lines still match the text', () => {
    const sql = "SELECT 'a\nb' -- c\n/* d */ x";
    expect(blankLiterals(sql)).toHaveLength(sql.length);
    expect(blankLiterals(sql).split('\n')).toHaveLength(3);
    expect(blankLiterals(sql).trim().split(/\s+/)).toEqual(['SELECT', 'x']);
  });
});
