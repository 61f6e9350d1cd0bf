import { documentCountLabel, formatDocument } from './mongo-result.js';

describe('how documents read', () => {
  it('counts them and keeps short documents on one line', () => {
    expect(documentCountLabel(0)).toBe('No documents');
    expect(documentCountLabel(1)).toBe('1 document');
    expect(documentCountLabel(3)).toBe('3 documents');
    expect(formatDocument({ title: 'Jazz', tags: ['a', 'b'], note: 'line\nbreak' })).toBe('{ "title": "Jazz", "tags": [ "a", "b" ], "note": "line\\nbreak" }');
    expect(formatDocument({ text: 'x'.repeat(120) }).split('\n')).toHaveLength(3);
  });
});
