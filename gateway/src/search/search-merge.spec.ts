import { describe, expect, it } from '@jest/globals';
import type { SearchHit, SearchKind } from '@dblearn/contracts';
import { mergeSearch } from './search-merge.js';

const hit = (kind: SearchKind, n: number, score: number): SearchHit => ({
  kind,
  id: n.toString(16).padStart(24, '0'),
  title: `${kind} ${n}`,
  titleMarks: [],
  snippet: { text: '', marks: [] },
  topic: 'sql',
  location: 'SQL',
  courseId: null,
  score,
});

const CONTENT: SearchKind[] = ['course', 'tutorial', 'project', 'interview'];

describe('mergeSearch', () => {
  it('orders both answers by score, a tie by kind, adds the counts and cuts the page', () => {
    const content = { hits: [hit('tutorial', 1, 5), hit('course', 2, 4.5), hit('interview', 3, 1)], counts: { tutorial: 4, course: 1, interview: 2 } };
    const community = { hits: [hit('qna', 4, 4.5), hit('qna', 5, 2)], counts: { qna: 9 } };
    const first = mergeSearch([{ kinds: CONTENT, answer: content }, { kinds: ['qna'], answer: community }], undefined, 1);
    expect(first.items.map((item) => item.title)).toEqual(['tutorial 1', 'course 2', 'qna 4', 'qna 5', 'interview 3']);
    expect(first).toMatchObject({ total: 16, counts: { tutorial: 4, course: 1, interview: 2, qna: 9 }, page: 1, pageSize: 6, missing: [] });
    expect(mergeSearch([{ kinds: CONTENT, answer: content }, { kinds: ['qna'], answer: community }], undefined, 2).items).toEqual([]);
  });

  it('names the kinds of a service that did not answer, only those asked for', () => {
    const content = { hits: [hit('project', 1, 3)], counts: { project: 1 } };
    expect(mergeSearch([{ kinds: CONTENT, answer: content }, { kinds: ['qna'], answer: null }], undefined, 1)).toMatchObject({ total: 1, missing: ['qna'] });
    expect(mergeSearch([{ kinds: CONTENT, answer: null }], 'tutorial', 1)).toMatchObject({ items: [], total: 0, missing: ['tutorial'] });
  });

  it('counts only the asked kind in the total', () => {
    const content = { hits: [hit('tutorial', 1, 3)], counts: { tutorial: 7, course: 2 } };
    expect(mergeSearch([{ kinds: CONTENT, answer: content }], 'tutorial', 1).total).toBe(7);
  });
});
