import type { UserProfile } from '@dblearn/contracts';
import { describe, expect, it } from '@jest/globals';
import { ExpiringStore } from './expiring-store.js';

const profile = (email: string): UserProfile => ({ _id: email, email, displayName: 'Ada', skill: 'beginner', isAdmin: false, savedQuestion: [], finishedProject: [], readTutorial: [] });

function storeAt(options: { ttlMs?: number; maxEntries?: number } = {}) {
  const clock = { now: 1_000 };
  const store = new ExpiringStore<UserProfile>({ ttlMs: options.ttlMs ?? 30_000, maxEntries: options.maxEntries ?? 100, now: () => clock.now });
  const put = (id: string) => store.set(id, profile(id), store.readStarted());
  return { store, clock, put };
}

describe('ExpiringStore', () => {
  it('serves a stored profile until its time is up', () => {
    const { store, clock, put } = storeAt({ ttlMs: 5_000 });
    put('a');
    expect(store.get('a')).toEqual(profile('a'));
    clock.now += 4_999;
    expect(store.get('a')).toEqual(profile('a'));
    clock.now += 1;
    expect(store.get('a')).toBeUndefined();
    expect(store.size).toBe(0);
  });

  it('forgets a profile as soon as it is invalidated', () => {
    const { store, put } = storeAt();
    put('a');
    put('b');
    store.invalidate('a');
    expect(store.get('a')).toBeUndefined();
    expect(store.get('b')).toEqual(profile('b'));
  });

  it('does not keep a read that overlapped a change: it may predate the write', () => {
    const { store } = storeAt();
    const epoch = store.readStarted();
    store.invalidate('a');
    store.set('a', profile('a'), epoch);
    expect(store.get('a')).toBeUndefined();
  });

  it('drops the least recently used profile when full', () => {
    const { store, put } = storeAt({ maxEntries: 2 });
    put('a');
    put('b');
    expect(store.get('a')).toBeDefined();
    put('c');
    expect(store.get('b')).toBeUndefined();
    expect(store.get('a')).toBeDefined();
    expect(store.get('c')).toBeDefined();
  });

  it('keeps nothing when the time limit is 0', () => {
    const { store, put } = storeAt({ ttlMs: 0 });
    put('a');
    expect(store.get('a')).toBeUndefined();
  });

  it('empties completely on clear', () => {
    const { store, put } = storeAt();
    put('a');
    put('b');
    store.clear();
    expect(store.size).toBe(0);
  });
});
