import { ATTEMPT_SHOWN_BYTES, SHOWN_VALUE_CHARS } from '@dblearn/contracts';
import type { GradedAttempt } from '@dblearn/lab';
import { describe, expect, it } from '@jest/globals';
import { shownAnswer } from './shown-answer.js';

describe('shownAnswer', () => {
  it('leaves an ordinary answer, a failure and a timeout as they are', () => {
    const answer: GradedAttempt = { passed: true, message: 'Passed: your result matches.', columns: ['n'], rows: [[1], ['a']], rowCount: 2 };
    expect(shownAnswer(answer)).toEqual(answer);
    expect(shownAnswer({ passed: false, message: 'Line 1: no such table: x' })).toEqual({ passed: false, message: 'Line 1: no such table: x' });
    expect(shownAnswer('timed-out')).toBe('timed-out');
    expect(shownAnswer({ error: 'x', line: 1 })).toEqual({ error: 'x', line: 1 });
  });

  it('cuts long values and stops the shown rows under the budget, keeping the count and the verdict', () => {
    const big = 'x'.repeat(900_000);
    const rows = Array.from({ length: 50 }, (_, i) => [i, big]);
    const shown = shownAnswer({ passed: false, message: 'Row 1 differs.', columns: ['id', 'v'], rows, rowCount: 3, expected: { columns: ['id', 'v'], rows: rows.slice(0, 5), rowCount: 3 } });
    expect(shown.rows?.[0]).toEqual([0, `${'x'.repeat(SHOWN_VALUE_CHARS)}…`]);
    expect(shown.rows!.length).toBeGreaterThan(5);
    expect(shown.rows!.length).toBeLessThan(50);
    expect(shown).toMatchObject({ passed: false, message: 'Row 1 differs.', rowCount: 3, expected: { rowCount: 3 } });
    expect(Buffer.byteLength(JSON.stringify(shown))).toBeLessThanOrEqual(ATTEMPT_SHOWN_BYTES);
  });

  it('cuts the names of 2,000 long columns so that they fit too', () => {
    const columns = Array.from({ length: 2000 }, (_, i) => `${'c'.repeat(5000)}${i}`);
    const shown = shownAnswer({ passed: true, message: 'Passed: your result matches.', columns, rows: [columns.map(() => 1)], rowCount: 1, expected: { columns, rows: [], rowCount: 0 } });
    expect(shown.columns).toHaveLength(2000);
    expect(Buffer.byteLength(JSON.stringify(shown))).toBeLessThanOrEqual(ATTEMPT_SHOWN_BYTES);
  });
});
