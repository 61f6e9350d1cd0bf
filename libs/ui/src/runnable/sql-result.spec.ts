import { codeOnly, formatCell, refusedStatement, rowCountLabel } from './sql-result.js';

describe('formatCell', () => {
  it('spells NULL out, keeps numbers and text, shows a BLOB as hex', () => {
    expect(formatCell(null)).toBe('NULL');
    expect(formatCell(1.5)).toBe('1.5');
    expect(formatCell('NULL')).toBe('NULL');
    expect(formatCell('')).toBe('');
    expect(formatCell(new Uint8Array([0, 15, 255]))).toBe("x'000fff'");
  });
});

describe('rowCountLabel', () => {
  it('names the count', () => {
    expect(rowCountLabel(0)).toBe('No rows');
    expect(rowCountLabel(1)).toBe('1 row');
    expect(rowCountLabel(12)).toBe('12 rows');
  });
});

describe('refusedStatement', () => {
  it('refuses ATTACH, DETACH, VACUUM and load_extension with their line', () => {
    expect(refusedStatement("SELECT 1;\nATTACH DATABASE 'x.db' AS x")).toBe('ATTACH is not allowed here (line 2).');
    expect(refusedStatement('detach x')).toBe('DETACH is not allowed here (line 1).');
    expect(refusedStatement('VACUUM')).toBe('VACUUM is not allowed here (line 1).');
    expect(refusedStatement("SELECT load_extension('evil')")).toBe('load_extension is not allowed here (line 1).');
  });

  it('refuses PRAGMAs outside the schema-reading ones', () => {
    expect(refusedStatement("PRAGMA table_info('books')")).toBeNull();
    expect(refusedStatement('PRAGMA main.foreign_keys')).toBeNull();
    expect(refusedStatement("PRAGMA table_info('a');\nPRAGMA journal_mode = WAL")).toBe('PRAGMA journal_mode is not allowed here (line 2).');
  });

  it('lets the words through inside strings, quoted names and comments', () => {
    expect(refusedStatement("SELECT 'attach' AS \"vacuum\", [detach] -- load_extension\n/* ATTACH */ FROM t")).toBeNull();
    expect(refusedStatement('SELECT title FROM books WHERE attached = 1')).toBeNull();
  });
});

describe('codeOnly', () => {
  it('keeps lines in place so a refusal names the right line', () => {
    const sql = "SELECT 'a\nb'\n";
    expect(codeOnly(sql).split('\n')).toHaveLength(sql.split('\n').length);
  });
});
