import { asDemonstration, formatCell, RAN_BUT_MUST_FAIL, rowCountLabel } from './sql-result.js';

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

describe('asDemonstration (a ```sql must-fail block)', () => {
  it('shows a statement\'s failure as the expected outcome, and running through as the failure', () => {
    expect(asDemonstration({ kind: 'error', message: 'Line 2: FOREIGN KEY constraint failed', line: 2 })).toEqual({ kind: 'refused', message: 'Refused as expected: FOREIGN KEY constraint failed' });
    expect(asDemonstration({ kind: 'done', message: 'Done: 1 rows changed (in this copy only).' })).toEqual({ kind: 'error', message: RAN_BUT_MUST_FAIL });
    expect(asDemonstration({ kind: 'table', columns: ['n'], rows: [] })).toEqual({ kind: 'error', message: RAN_BUT_MUST_FAIL });
    // A stop or an engine that did not load proves nothing.
    expect(asDemonstration({ kind: 'error', message: 'Your query ran longer than 5 s and was stopped.' })).toEqual({ kind: 'error', message: 'Your query ran longer than 5 s and was stopped.' });
  });
});
