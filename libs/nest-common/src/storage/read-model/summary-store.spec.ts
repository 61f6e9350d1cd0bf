import { describe, expect, it } from '@jest/globals';
import { SummaryStore } from './summary-store.js';

interface Item {
  _id: string;
  rank: number;
  topic: string;
  tags?: string[];
}

const item = (id: number, rank: number, topic: string, tags?: string[]): Item => ({ _id: `id${String(id).padStart(3, '0')}`, rank, topic, ...(tags ? { tags } : {}) });

describe('SummaryStore', () => {
  it('serves pages in list order with totals, per filter, and keeps them sorted through changes', () => {
    const store = new SummaryStore<Item>({ orderBy: 'rank', direction: 'asc', filters: ['topic'] });
    store.load([item(1, 30, 'sql'), item(2, 10, 'rm'), item(3, 20, 'sql'), item(4, 20, 'rm')]);
    expect(store.page({ offset: 0, limit: 10 }).items.map((s) => s._id)).toEqual(['id002', 'id003', 'id004', 'id001']);
    expect(store.page({ where: { topic: 'sql' }, offset: 0, limit: 1 })).toEqual({ items: [item(3, 20, 'sql')], total: 2 });
    expect(store.page({ where: { topic: 'sql' }, offset: 1, limit: 1 })).toEqual({ items: [item(1, 30, 'sql')], total: 2 });
    expect(store.page({ where: { topic: 'fo' }, offset: 0, limit: 5 })).toEqual({ items: [], total: 0 });

    store.upsert(item(3, 40, 'rm')); // moved to another topic and to the end
    store.upsert(item(5, 5, 'sql'));
    store.remove('id002');
    store.remove('nope');
    expect(store.page({ offset: 0, limit: 10 }).items.map((s) => s._id)).toEqual(['id005', 'id004', 'id001', 'id003']);
    expect(store.page({ where: { topic: 'sql' }, offset: 0, limit: 10 }).items.map((s) => s._id)).toEqual(['id005', 'id001']);
    expect(store.page({ where: { topic: 'rm' }, offset: 0, limit: 10 }).items.map((s) => s._id)).toEqual(['id004', 'id003']);
    expect(store.size).toBe(4);
  });

  it('pages newest first from the end, deep pages included', () => {
    const store = new SummaryStore<Item>({ orderBy: 'rank', direction: 'desc' });
    store.load(Array.from({ length: 10 }, (_, index) => item(index, index, 'sql')));
    expect(store.page({ offset: 0, limit: 3 }).items.map((s) => s.rank)).toEqual([9, 8, 7]);
    expect(store.page({ offset: 8, limit: 3 })).toEqual({ items: [item(1, 1, 'sql'), item(0, 0, 'sql')], total: 10 });
    expect(store.page({ offset: 20, limit: 3 })).toEqual({ items: [], total: 10 });
  });

  it('filters on several fields at once and on members of list fields', () => {
    const store = new SummaryStore<Item>({ orderBy: 'rank', direction: 'asc', filters: ['topic', 'tags'] });
    store.load([item(1, 1, 'sql', ['a', 'b']), item(2, 2, 'sql', ['b']), item(3, 3, 'rm', ['a'])]);
    expect(store.page({ where: { tags: 'a' }, offset: 0, limit: 10 }).items.map((s) => s._id)).toEqual(['id001', 'id003']);
    expect(store.page({ where: { topic: 'sql', tags: 'b' }, offset: 0, limit: 10 }).total).toBe(2);
    expect(store.page({ where: { topic: 'sql', tags: 'a', rank: undefined } as never, offset: 0, limit: 10 }).items.map((s) => s._id)).toEqual(['id001']);
    expect(() => store.page({ where: { rank: 1 } as never, offset: 0, limit: 10 })).toThrow('does not filter on "rank"');
  });
});
