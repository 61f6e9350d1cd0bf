import { isWellFormedDeep } from './well-formed-text.js';

describe('isWellFormedDeep', () => {
  it('accepts whole characters, pairs of surrogates (emoji) included, and values that are not text', () => {
    expect(isWellFormedDeep({ email: 'ada@example.org', title: 'Joins 🙂 and 日本語', n: 3, ok: true, none: null, list: ['a', 1] })).toBe(true);
    expect(isWellFormedDeep(undefined)).toBe(true);
  });

  it.each([
    ['a lone high surrogate in a value', { email: 'ab\ud800c@example.org' }],
    ['a lone low surrogate at the end', { reply: 'fine until here\udc00' }],
    ['a surrogate pair in the wrong order', { title: '\udc00\ud800' }],
    ['a lone surrogate in a key', { ['k\ud800']: 'value' }],
    ['a lone surrogate deep in an array', { content: [{ header: 'ok', detail: ['x', 'y\udfff'] }] }],
    ['a bare string', '\ud83d'],
  ])('refuses %s', (_case, value) => {
    expect(isWellFormedDeep(value)).toBe(false);
  });
});
