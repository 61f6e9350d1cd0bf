import type { QnaQuestion } from '@dblearn/contracts';
import { describe, expect, it } from '@jest/globals';
import { QuestionCache } from './question-cache.js';

const question = (id: string, title = 'A question title'): QnaQuestion => ({
  _id: id,
  topic: 'sql',
  title,
  description: 'A description long enough.',
  userName: 'ana@example.com',
  datePosted: '2026-01-01T00:00:00.000Z',
  replies: [],
});

describe('QuestionCache', () => {
  it('loads once and answers from memory after', async () => {
    const cache = new QuestionCache();
    let loads = 0;
    const load = async () => ((loads += 1), question('a'));
    await cache.getOrLoad('a', load);
    const cached = await cache.getOrLoad('a', load);
    expect(cached?.question).toEqual(question('a'));
    expect(JSON.parse(Buffer.from(cached!.json.bytes).toString('utf8'))).toEqual(question('a'));
    expect(loads).toBe(1);
  });

  it('loads again after a drop, and never keeps a read that raced with a write', async () => {
    const cache = new QuestionCache();
    await cache.getOrLoad('a', async () => question('a', 'Old title here'));
    cache.drop('a');
    let release!: () => void;
    const slowRead = cache.getOrLoad('a', () => new Promise<QnaQuestion>((resolve) => (release = () => resolve(question('a', 'Old title here')))));
    cache.drop('a');
    release();
    await slowRead;
    expect((await cache.getOrLoad('a', async () => question('a', 'New title here')))?.question.title).toBe('New title here');
  });

  it('forgets the least recently used entry beyond its size and never stores a miss', async () => {
    const cache = new QuestionCache(2);
    await cache.getOrLoad('a', async () => question('a'));
    await cache.getOrLoad('b', async () => question('b'));
    await cache.getOrLoad('a', async () => null);
    await cache.getOrLoad('c', async () => question('c'));
    let loadedB = false;
    await cache.getOrLoad('b', async () => ((loadedB = true), question('b')));
    expect(loadedB).toBe(true);
    expect(await cache.getOrLoad('missing', async () => null)).toBeNull();
  });

  it('shares one load between requests that miss at the same time', async () => {
    const cache = new QuestionCache();
    let loads = 0;
    let release!: () => void;
    const load = () => ((loads += 1), new Promise<QnaQuestion>((resolve) => (release = () => resolve(question('a')))));
    const both = Promise.all([cache.getOrLoad('a', load), cache.getOrLoad('a', load)]);
    release();
    expect((await both).map((cached) => cached?.question)).toEqual([question('a'), question('a')]);
    expect(loads).toBe(1);
  });
});
