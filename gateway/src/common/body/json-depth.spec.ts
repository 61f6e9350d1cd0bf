import { describe, expect, it } from '@jest/globals';
import { exceedsJsonDepth } from './json-depth.js';

describe('exceedsJsonDepth', () => {
  const bytes = (text: string) => Buffer.from(text);

  it('counts nesting of arrays and objects, not brackets inside strings', () => {
    expect(exceedsJsonDepth(bytes('{"a":[{"b":[1]}]}'), 4)).toBe(false);
    expect(exceedsJsonDepth(bytes('{"a":[{"b":[[1]]}]}'), 4)).toBe(true);
    expect(exceedsJsonDepth(bytes(JSON.stringify({ text: '[[[[[[[[[["\\' })), 2)).toBe(false);
  });

  it('refuses the 90 kB body of nested arrays from the issue', () => {
    expect(exceedsJsonDepth(bytes(`${'['.repeat(45_000)}${']'.repeat(45_000)}`))).toBe(true);
  });
});
