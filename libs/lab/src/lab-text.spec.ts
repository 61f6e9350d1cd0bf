import { atLine, namedLine, refusedAt } from './lab-text.js';

describe('namedLine', () => {
  it('reads the line back from both forms a lab error names it in', () => {
    expect(namedLine(atLine(14, 'near "SELEC": syntax error'))).toBe(14);
    expect(namedLine(refusedAt('PRAGMA writable_schema', 3))).toBe(3);
  });

  it('names no line when the message does not start or end with one', () => {
    expect(namedLine('Row 1 differs: "Line 3: x"')).toBeNull();
    expect(namedLine('The check could not be run: Line 1: no such table: member')).toBeNull();
    expect(namedLine('Expected 3 columns, got 2.')).toBeNull();
  });
});
