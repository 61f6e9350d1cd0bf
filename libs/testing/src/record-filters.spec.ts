import { describe, expect, it } from '@jest/globals';
import { filtersBeyondId, recordFilters, type SentFilter } from './record-filters.js';

const sent = (filter: Record<string, unknown>): SentFilter => ({ collection: 'users', method: 'updateOne', filter });

describe('filtersBeyondId', () => {
  it('passes exactly {_id: value} and names every other filter', () => {
    const id = { toHexString: () => 'abc' };
    const byId = [sent({ _id: 'abc' }), sent({ _id: id })];
    const beyond = [sent({ _id: 'abc', snapshotRev: 3 }), sent({ _id: { $in: ['a', 'b'] } }), sent({ email: 'a@b.c' }), sent({})];
    expect(filtersBeyondId([...byId, ...beyond])).toEqual(beyond);
  });
});

describe('recordFilters', () => {
  it('keeps the filters sent to the named collections (a bulkWrite per operation), leaves inserts out, and turns the hook off afterwards', async () => {
    const settings: unknown[] = [];
    let hook: ((collection: string, method: string, ...args: unknown[]) => void) | undefined;
    const fake = {
      set(_key: 'debug', value: unknown) {
        settings.push(value);
        hook = typeof value === 'function' ? (value as typeof hook) : undefined;
      },
    };
    const recorded = await recordFilters(fake, ['users'], async () => {
      hook?.('users', 'findOne', { _id: 'a' }, { projection: {} });
      hook?.('users', 'insertOne', { _id: 'b', email: 'x' });
      hook?.('holders', 'updateOne', { _id: 'c' });
      hook?.('users', 'bulkWrite', [{ insertOne: { document: { _id: 'd' } } }, { updateOne: { filter: { _id: 'e', rank: 1 }, update: {} } }]);
    });
    expect(recorded).toEqual([
      { collection: 'users', method: 'findOne', filter: { _id: 'a' } },
      { collection: 'users', method: 'bulkWrite.updateOne', filter: { _id: 'e', rank: 1 } },
    ]);
    expect(settings.at(-1)).toBe(false);
  });
});
