import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from '@jest/globals';
import { CachedJson, GZIP_FROM_BYTES, JsonItemCache } from './json-item-cache.js';

const item = (id: string, text = 'x') => ({ _id: id, text });

describe('CachedJson', () => {
  it('builds the JSON, the gzip of a large answer and one entity tag for both', () => {
    const large = new CachedJson(item('a', 'y'.repeat(GZIP_FROM_BYTES)));
    expect(JSON.parse(Buffer.from(large.json.bytes).toString('utf8'))).toEqual(item('a', 'y'.repeat(GZIP_FROM_BYTES)));
    expect(large.reply(true).meta).toEqual({ etag: large.etag, gzip: true });
    expect(JSON.parse(gunzipSync(large.reply(true).bytes).toString('utf8')).text).toHaveLength(GZIP_FROM_BYTES);
    expect(large.reply(false)).toBe(large.json);
    expect(large.etag).toMatch(/^W\/"[A-Za-z0-9_-]{27}"$/);
  });

  it('sends a small answer plain even to a gzip reader, and tags versions apart', () => {
    const small = new CachedJson(item('a'));
    expect(small.reply(true)).toBe(small.json);
    expect(new CachedJson(item('a')).etag).toBe(small.etag);
    expect(new CachedJson(item('a', 'changed')).etag).not.toBe(small.etag);
  });
});

describe('JsonItemCache', () => {
  it('loads once, then answers from memory', async () => {
    const cache = new JsonItemCache<ReturnType<typeof item>>(1_000_000);
    let loads = 0;
    const load = async () => ((loads += 1), item('a'));
    const [first, second] = await Promise.all([cache.getOrLoad('a', load), cache.getOrLoad('a', load)]);
    expect(await cache.getOrLoad('a', load)).toBe(first);
    expect(second).toBe(first);
    expect(loads).toBe(1);
    expect(cache.stats()).toEqual({ entries: 1, bytes: first!.size, maxBytes: 1_000_000 });
  });

  it('never keeps what a load read before a write dropped the item', async () => {
    const cache = new JsonItemCache<ReturnType<typeof item>>(1_000_000);
    let release: () => void = () => undefined;
    const slowRead = cache.getOrLoad('a', () => new Promise((resolve) => (release = () => resolve(item('a', 'old')))));
    cache.drop('a');
    release();
    expect((await slowRead)?.value.text).toBe('old');
    expect((await cache.getOrLoad('a', async () => item('a', 'new')))?.value.text).toBe('new');
  });

  it('keeps within its bytes, dropping the least recently read first', async () => {
    const one = new CachedJson(item('a', 'z'.repeat(100))).size;
    const cache = new JsonItemCache<ReturnType<typeof item>>(one * 2 + 10);
    const text = 'z'.repeat(100);
    await cache.getOrLoad('a', async () => item('a', text));
    await cache.getOrLoad('b', async () => item('b', text));
    await cache.getOrLoad('a', async () => item('a', text));
    await cache.getOrLoad('c', async () => item('c', text));
    expect(cache.stats().entries).toBe(2);
    expect(cache.stats().bytes).toBeLessThanOrEqual(one * 2 + 10);
    let reloadedB = false;
    await cache.getOrLoad('b', async () => ((reloadedB = true), item('b', text)));
    expect(reloadedB).toBe(true);
  });

  it('answers but does not keep an item larger than its whole bound, nor a missing one', async () => {
    const cache = new JsonItemCache<ReturnType<typeof item>>(50);
    expect((await cache.getOrLoad('a', async () => item('a', 'w'.repeat(100))))?.value._id).toBe('a');
    expect(await cache.getOrLoad('missing', async () => null)).toBeNull();
    expect(cache.stats()).toEqual({ entries: 0, bytes: 0, maxBytes: 50 });
  });
});
