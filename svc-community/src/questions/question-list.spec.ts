import type { QnaQuestionSummary, Topic } from '@dblearn/contracts';
import { describe, expect, it } from '@jest/globals';
import { QuestionList } from './question-list.js';

function summary(id: number, topic: Topic, minute: number): QnaQuestionSummary {
  return {
    _id: id.toString(16).padStart(24, '0'),
    topic,
    title: `Question number ${id}`,
    description: 'A description long enough.',
    userName: 'ana@example.com',
    datePosted: new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString(),
    replyCount: 0,
  };
}

const ids = (page: { items: QnaQuestionSummary[] }) => page.items.map((item) => parseInt(item._id, 16));

describe('QuestionList', () => {
  it('pages newest first, overall and per topic, with the total of the filter', () => {
    const list = new QuestionList();
    list.load([summary(1, 'sql', 1), summary(2, 'rm', 2), summary(3, 'sql', 3), summary(4, 'sql', 4), summary(5, 'fo', 5)]);
    expect(ids(list.page({ page: 1, pageSize: 2 }))).toEqual([5, 4]);
    expect(ids(list.page({ page: 3, pageSize: 2 }))).toEqual([1]);
    expect(list.page({ page: 9, pageSize: 2 })).toEqual({ items: [], total: 5 });
    expect(list.page({ topic: 'sql', page: 1, pageSize: 6 })).toMatchObject({ total: 3 });
    expect(ids(list.page({ topic: 'sql', page: 1, pageSize: 6 }))).toEqual([4, 3, 1]);
    expect(list.page({ topic: 'nosql', page: 1, pageSize: 6 })).toEqual({ items: [], total: 0 });
  });

  it('keeps the order through inserts, a topic change and removals, and ignores a repeated upsert', () => {
    const list = new QuestionList();
    list.load([summary(1, 'sql', 1), summary(3, 'sql', 3)]);
    list.upsert(summary(2, 'sql', 2));
    list.upsert(summary(2, 'sql', 2));
    expect(ids(list.page({ page: 1, pageSize: 10 }))).toEqual([3, 2, 1]);
    list.upsert({ ...summary(3, 'nosql', 3), title: 'Moved to NoSQL now' });
    expect(ids(list.page({ topic: 'sql', page: 1, pageSize: 10 }))).toEqual([2, 1]);
    expect(list.page({ topic: 'nosql', page: 1, pageSize: 10 }).items[0]?.title).toBe('Moved to NoSQL now');
    list.remove(parseInt('2', 16).toString(16).padStart(24, '0'));
    list.remove('ffffffffffffffffffffffff');
    expect(ids(list.page({ page: 1, pageSize: 10 }))).toEqual([3, 1]);
    expect(list.size).toBe(2);
  });

  it('orders questions posted in the same millisecond by id', () => {
    const list = new QuestionList();
    list.load([summary(7, 'sql', 1), summary(9, 'sql', 1), summary(8, 'sql', 1)]);
    expect(ids(list.page({ page: 1, pageSize: 10 }))).toEqual([9, 8, 7]);
  });
});
