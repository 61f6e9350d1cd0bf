import { failedLine, isAboutHidden } from './failed-line.js';

describe('failedLine', () => {
  it('reads the line of an attempt’s SQLite error and of a refusal', () => {
    expect(failedLine('Line 2: no such table: nowhere')).toBe(2);
    expect(failedLine('Line 14: near "SELEC": syntax error')).toBe(14);
    expect(failedLine('ATTACH is not allowed here (line 3).')).toBe(3);
    expect(failedLine('PRAGMA writable_schema is not allowed here (line 1).')).toBe(1);
  });

  it('names no line for grading reasons, timeouts or the reference’s own failure', () => {
    expect(failedLine('Row 2 differs.')).toBeNull();
    expect(failedLine('Expected 3 columns, got 2.')).toBeNull();
    expect(failedLine('Your query ran longer than 2 s and was stopped.')).toBeNull();
    expect(failedLine('The check could not be run: Line 1: no such table: member')).toBeNull();
    expect(failedLine('Row 1 differs: "Line 3: x"')).toBeNull();
  });

  it('reads a sandbox script’s line after its prefix, and a JSON sandbox’s syntax error', () => {
    const prefix = 'The sandbox script does not run: ';
    expect(failedLine(`${prefix}Line 2: no such table: nowhere`, { of: 'sandbox' })).toBe(2);
    expect(failedLine(`${prefix}ATTACH is not allowed here (line 5).`, { of: 'sandbox' })).toBe(5);
    expect(failedLine("Line 3: the sandbox is not valid JSON (Unexpected token ',').", { of: 'sandbox' })).toBe(3);
    expect(failedLine('The sandbox script ran longer than 2 s and was stopped.', { of: 'sandbox' })).toBeNull();
    expect(failedLine('Collection "books" must be a list of documents.', { of: 'sandbox' })).toBeNull();
    expect(failedLine(`${prefix}Line 2: no such table: nowhere`)).toBeNull();
  });

  it('reads a hidden variant’s line after the words that name it, and never as the visible script’s', () => {
    const message = 'The hidden variant does not run: Line 4: no such table: nowhere';
    expect(failedLine(message, { of: 'hidden' })).toBe(4);
    expect(failedLine('The hidden variant does not run: ATTACH is not allowed here (line 2).', { of: 'hidden' })).toBe(2);
    expect(failedLine(message, { of: 'sandbox' })).toBeNull();
    expect(failedLine('The sandbox script does not run: Line 2: no such table: nowhere', { of: 'hidden' })).toBeNull();
    expect(isAboutHidden(message)).toBe(true);
    expect(isAboutHidden('The sandbox script does not run: Line 2: no such table: nowhere')).toBe(false);
  });
});
