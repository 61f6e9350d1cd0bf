import { describe, expect, it } from '@jest/globals';
import { ListIndex, type Listed } from './list-index.js';

const entry = (id: string, topic: 'sql' | 'rm', createdAt: number): Listed<string> => ({ id, topic, createdAt, item: `${id}@${topic}` });

describe('ListIndex', () => {
  it('keeps list order (time, then id) overall and per topic whatever the insertion order', () => {
    const index = new ListIndex<string>();
    index.upsert(entry('c', 'sql', 3));
    index.upsert(entry('a', 'rm', 1));
    index.upsert(entry('b2', 'sql', 2));
    index.upsert(entry('b1', 'sql', 2));
    expect(index.page(undefined, 1, 10)).toEqual({ items: ['a@rm', 'b1@sql', 'b2@sql', 'c@sql'], total: 4 });
    expect(index.page('sql', 2, 2)).toEqual({ items: ['c@sql'], total: 3 });
    expect(index.page('rm', 2, 2)).toEqual({ items: [], total: 1 });
  });

  it('moves an item to its new topic on update and forgets it on removal, idempotently', () => {
    const index = new ListIndex<string>();
    index.reset([entry('a', 'sql', 1), entry('b', 'sql', 2)]);
    index.upsert(entry('a', 'rm', 1));
    index.upsert(entry('a', 'rm', 1));
    expect(index.page('sql', 1, 10)).toEqual({ items: ['b@sql'], total: 1 });
    expect(index.page('rm', 1, 10)).toEqual({ items: ['a@rm'], total: 1 });
    index.remove('a');
    index.remove('a');
    expect(index.page(undefined, 1, 10)).toEqual({ items: ['b@sql'], total: 1 });
    expect(index.get('a')).toBeUndefined();
    expect(index.ids()).toEqual(['b']);
  });
});
