import { describe, expect, it } from '@jest/globals';
import { type SearchDocument, SearchIndex, snippetOf } from './search-index.js';
import { queryTerms, withSwaps } from './search-terms.js';

const doc = (id: string, title: string, body: string, kind: SearchDocument['kind'] = 'tutorial'): SearchDocument => ({
  id: id.padStart(24, '0'),
  kind,
  title,
  body,
  topic: 'sql',
  location: 'SQL › Querying with SQL',
  courseId: null,
});

function indexOf(...documents: SearchDocument[]): SearchIndex {
  const index = new SearchIndex();
  // One chunk: loaded before load() returns.
  void index.load(documents);
  return index;
}

const ids = (index: SearchIndex, query: string, kind?: SearchDocument['kind']) => index.search(query, { limit: 10, kind }).hits.map((hit) => hit.id.replace(/^0+/, ''));

describe('SearchIndex ranking', () => {
  const curriculum = indexOf(
    doc('1', 'Filtering rows', 'A join is mentioned once here, among many other words about filtering rows with WHERE and join conditions. Join join join.'),
    doc('2', 'Joins', 'Combining two tables.'),
    doc('3', 'Normalization to BCNF', 'Decomposing relations into normal forms.'),
    doc('4', 'Grouping rows', 'GROUP BY collects rows; HAVING filters the groups; SELECT DISTINCT removes repeats.'),
  );

  it('ranks a title match above a body match, even a body that repeats the word', () => {
    expect(ids(curriculum, 'join')).toEqual(['2', '1']);
  });

  it('finds a word by its prefix: "norm" finds normalization', () => {
    expect(ids(curriculum, 'norm')[0]).toBe('3');
  });

  it('forgives a swap of two letters and a wrong letter: "joni" and "jion" find join', () => {
    expect(ids(curriculum, 'joni')).toContain('2');
    expect(ids(curriculum, 'jion')[0]).toBe('2');
    expect(ids(curriculum, 'normalizatoin')[0]).toBe('3');
    expect(ids(curriculum, 'normalisation')[0]).toBe('3');
    expect(ids(curriculum, 'grupping')[0]).toBe('4');
    // Four letters or fewer: no edits (too many short words are one letter apart).
    expect(ids(curriculum, 'joim')).toEqual([]);
  });

  it('treats SQL keywords as words, whatever syntax surrounds them', () => {
    expect(ids(curriculum, 'GROUP BY')[0]).toBe('4');
    expect(ids(curriculum, 'SELECT DISTINCT * FROM t;')[0]).toBe('4');
    expect(ids(curriculum, "having' OR 1=1 --")[0]).toBe('4');
  });

  it('answers regex syntax, only stop words and a flood of words cleanly', () => {
    expect(ids(curriculum, '.*(join|[a-z]+)+$')).toContain('2');
    expect(curriculum.search('the of a what how', { limit: 10 }).hits.map((hit) => hit.id)).toEqual([]);
    expect(curriculum.search('((((', { limit: 10 })).toEqual({ hits: [], counts: {} });
    expect(queryTerms(Array.from({ length: 20 }, (_, i) => `w${i}`).join(' ')).length).toBe(8);
    expect(queryTerms('x'.repeat(1000))).toEqual(['x'.repeat(200)]);
  });

  it('counts every kind and pages one kind', () => {
    const index = indexOf(doc('1', 'Join basics', 'x'), doc('2', 'Why does my join fail', 'y', 'qna'), doc('3', 'Joins quiz', 'z', 'project'));
    const all = index.search('join', { limit: 1 });
    expect(all.counts).toEqual({ tutorial: 1, qna: 1, project: 1 });
    expect(all.hits).toHaveLength(1);
    expect(ids(index, 'join', 'qna')).toEqual(['2']);
  });

  it('loads many documents in chunks, keeps what was written meanwhile and drops what a reload leaves out', async () => {
    const many = Array.from({ length: 2_500 }, (_, n) => doc(String(n + 1), `Thread ${n}`, n === 2_400 ? 'about windows' : 'about nothing'));
    const index = new SearchIndex();
    const loading = index.load(many);
    expect(index.size).toBe(1_000);
    index.put(doc('2401', 'Thread 2400', 'about frames'));
    await loading;
    expect(index.size).toBe(2_500);
    expect(ids(index, 'windows')).toEqual([]);
    expect(ids(index, 'frames')).toEqual(['2401']);
    await index.load(many.slice(0, 10));
    expect(index.size).toBe(10);
  });

  it('forgets a removed document and finds a replaced one by its new words only', () => {
    const index = indexOf(doc('1', 'Views', 'Stored queries.'), doc('2', 'Indexes', 'B-trees.'));
    index.put(doc('1', 'Views', 'Materialized snapshots.'));
    expect(ids(index, 'stored')).toEqual([]);
    expect(ids(index, 'materialized')).toEqual(['1']);
    index.remove(doc('2', '', '').id);
    expect(ids(index, 'trees')).toEqual([]);
    expect(index.size).toBe(1);
  });
});

describe('snippets', () => {
  it('marks the matched words as ranges of the text around the first match, never as markup', () => {
    const body = `${'Lorem ipsum dolor sit amet. '.repeat(10)}A LEFT JOIN keeps <b>every</b> row of the left table; a join without a match gives NULLs.`;
    const { text, marks } = snippetOf(body, new Set(['join']));
    expect(text.startsWith('…')).toBe(true);
    expect(marks.map(([start, end]) => text.slice(start, end))).toEqual(['JOIN', 'join']);
    expect(text).toContain('<b>every</b>');
  });

  it('marks the title words that matched', () => {
    const [hit] = indexOf(doc('1', 'Left and right joins', 'Outer joins.')).search('joins left', { limit: 1 }).hits;
    expect(hit?.titleMarks.map(([start, end]) => hit.title.slice(start, end))).toEqual(['Left', 'joins']);
  });

  it('has one-swap variants only for words of 4 to 12 letters', () => {
    expect(withSwaps('joni')).toEqual(expect.arrayContaining(['joni', 'join', 'ojni', 'jnoi']));
    expect(withSwaps('by')).toEqual(['by']);
  });
});

describe('SearchIndex with a word in most documents', () => {
  // 3,000 forum threads that all say "query" (past COMMON_MIN_DOCUMENTS): ranking every one of them
  // would hold the service's one thread for long at 100,000, so such a query takes a bounded walk.
  const threads = Array.from({ length: 3_000 }, (_, at) =>
    doc(String(at + 1), at % 2 === 0 ? `A slow query ${at}` : `Help with thread ${at}`, `My query number ${at} is slow.`, 'qna'),
  );
  const index = new SearchIndex();
  // Loaded in chunks: each test waits for the last one.
  const ready = index.load([...threads, doc('9001', 'LEFT JOIN in a query', 'Keeps the unmatched rows.')]);

  it('answers a common word with the newest documents holding it, title matches first, counting all of them', async () => {
    await ready;
    const { hits, counts } = index.search('query', { limit: 4 });
    expect(counts).toEqual({ qna: 3_000, tutorial: 1 });
    expect(hits.map((hit) => hit.title)).toEqual(['LEFT JOIN in a query', 'A slow query 2998', 'A slow query 2996', 'A slow query 2994']);
    expect(hits[1]!.titleMarks).toEqual([[7, 12]]);
    expect(index.search('query', { limit: 2, kind: 'qna' }).hits.map((hit) => hit.title)).toEqual(['A slow query 2998', 'A slow query 2996']);
  });

  it('ranks by the rarer words of a query and leaves the common one out', async () => {
    await ready;
    expect(index.search('query join', { limit: 3 }).hits.map((hit) => hit.title)).toEqual(['LEFT JOIN in a query']);
  });

  it('still finds a thread by a word that is not common', async () => {
    await ready;
    expect(index.search('help thread 1999', { limit: 1 }).hits.map((hit) => hit.title)).toEqual(['Help with thread 1999']);
  });
});
