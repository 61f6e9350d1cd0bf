import { describe, expect, it } from '@jest/globals';
import { formatDuration } from './log.js';

describe('formatDuration', () => {
  it('reads as people read durations', () => {
    expect(formatDuration(350)).toBe('350 ms');
    expect(formatDuration(1_234)).toBe('1.2 s');
    expect(formatDuration(95_000)).toBe('1 min 35 s');
  });

  it('never shows 60 seconds', () => {
    expect(formatDuration(599_600)).toBe('10 min 0 s');
    expect(formatDuration(59_960)).toBe('1 min 0 s');
    expect(formatDuration(59_940)).toBe('59.9 s');
  });
});
