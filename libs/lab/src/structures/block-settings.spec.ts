import { parseKeys, parseStructureBlock } from './block-settings.js';

describe('visualizer block settings', () => {
  it('reads a B+ tree block: its order and the keys in order', () => {
    expect(parseStructureBlock('btree', 'order: 3\nkeys: 10 20, 5 30\n')).toEqual({ ok: true, value: { kind: 'btree', order: 3, keys: [10, 20, 5, 30] } });
  });

  it('ignores comments after #', () => {
    expect(parseStructureBlock('btree', '# a small tree\norder: 1   # 1 or 2 keys a node\nkeys: 4 2')).toEqual({ ok: true, value: { kind: 'btree', order: 1, keys: [4, 2] } });
  });

  it('fills in defaults and reads ranges', () => {
    expect(parseStructureBlock('hash-linear', 'keys: 1..3 9')).toEqual({ ok: true, value: { kind: 'hash-linear', capacity: 2, buckets: 2, keys: [1, 2, 3, 9] } });
    expect(parseStructureBlock('hash-extendible', 'Capacity: 4')).toEqual({ ok: true, value: { kind: 'hash-extendible', capacity: 4, keys: [] } });
  });

  it('explains junk keys, unknown lines and settings that are not numbers', () => {
    expect(parseStructureBlock('btree', 'keys: 1 two 3')).toEqual({ ok: false, message: '"two" is not a key: use whole numbers from 0 to 999,999.' });
    expect(parseStructureBlock('btree', 'keys: -4')).toEqual({ ok: false, message: '"-4" is not a key: use whole numbers from 0 to 999,999.' });
    expect(parseStructureBlock('btree', 'capacity: 2')).toEqual({ ok: false, message: 'A btree block understands lines starting with "order:", "keys:"; "capacity: 2" is not one.' });
    expect(parseStructureBlock('btree', 'order: four')).toEqual({ ok: false, message: '"order: four" needs a whole number.' });
    expect(parseKeys('1000000')).toEqual({ ok: false, message: '1000000 is too large: keys go from 0 to 999,999.' });
    expect(parseKeys('9..3')).toEqual({ ok: false, message: 'The range 9..3 runs backwards: write the smaller key first.' });
  });

  it('takes up to 10,000 starting keys', () => {
    const ten = parseKeys('1..10000');
    expect(ten.ok && ten.value.length).toBe(10_000);
    expect(parseKeys('1..10001')).toEqual({ ok: false, message: 'A block starts from 10,000 keys at most.' });
  });
});
