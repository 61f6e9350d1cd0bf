import { emptyLinearHash, linearBuild, linearDelete, linearInsert, linearSearch, linearText, type LinearHash } from './linear-hash.js';

const actions = (operation: { steps: { action: string }[] }) => operation.steps.map((step) => step.action);

function built(capacity: number, initialBuckets: number, keys: number[]): LinearHash {
  const result = linearBuild(capacity, initialBuckets, keys);
  if (!result.ok) throw new Error(result.message);
  return result.value.state;
}

const insertAll = (hash: LinearHash, keys: number[]): LinearHash => keys.reduce((state, key) => linearInsert(state, key).state, hash);

// Ramakrishnan & Gehrke, 3rd ed., §11.3, the running example from Figure 11.7 on: 4 buckets of 4
// entries, level 0, Next 0.
const figure11_7 = () => built(4, 4, [32, 44, 36, 9, 25, 5, 14, 18, 10, 30, 31, 35, 7, 11]);

describe('linear hashing', () => {
  it('starts from the file of Figure 11.7', () => {
    expect(linearText(figure11_7())).toBe('level 0 next 0: 0 [32 44 36] | 1 [9 25 5] | 2 [14 18 10 30] | 3 [31 35 7 11]');
  });

  it('inserting 43* opens an overflow page and splits bucket 0, not the full one, as in Figure 11.8', () => {
    const insert = linearInsert(figure11_7(), 43);
    expect(actions(insert)).toEqual(['hash', 'overflow', 'split']);
    expect(insert.steps[2]!.text).toBe('Split bucket 0 (the one Next points to) with h1: [32] stay, [44 36] go to the new bucket 4. Next moves to 1.');
    expect(linearText(insert.state)).toBe('level 0 next 1: 0 [32] | 1 [9 25 5] | 2 [14 18 10 30] | 3 [31 35 7 11] + [43] | 4 [44 36]');
  });

  it('uses h1 for a bucket below Next, and ends the round after 37*, 29*, 22*, 66*, 34* and 50*', () => {
    const after43 = linearInsert(figure11_7(), 43).state;
    const after29 = insertAll(after43, [37, 29]);
    expect(linearText(after29)).toBe('level 0 next 2: 0 [32] | 1 [9 25] | 2 [14 18 10 30] | 3 [31 35 7 11] + [43] | 4 [44 36] | 5 [5 37 29]');
    const before50 = insertAll(after29, [22, 66, 34]);
    expect(linearSearch(before50, 34).steps[0]!.text).toBe('h0(34) = 34 mod 4 = 2, below Next (3): that bucket is split already, so use h1(34) = 34 mod 8 = 2.');
    const insert50 = linearInsert(before50, 50);
    expect(actions(insert50)).toEqual(['hash', 'overflow', 'split']);
    expect(insert50.steps[2]!.text).toContain('That ends the round: level becomes 1 and Next goes back to 0.');
    expect(linearText(insert50.state)).toBe('level 1 next 0: 0 [32] | 1 [9 25] | 2 [18 10 66 34] + [50] | 3 [35 11 43] | 4 [44 36] | 5 [5 37 29] | 6 [14 30 22] | 7 [31 7]');
  });

  it('finds keys on overflow pages, deletes them and frees an emptied overflow page', () => {
    const after43 = linearInsert(figure11_7(), 43).state;
    expect(linearSearch(after43, 43).steps.at(-1)!.text).toBe('Found 43 in bucket 3, on overflow page 1: 2 page reads.');
    const deleted = linearDelete(after43, 7);
    expect(deleted.steps.at(-1)!.text).toBe('Remove 7 from bucket 3: [31 35 11 43]; its last overflow page is empty now and is freed.');
    expect(linearText(deleted.state)).toContain('3 [31 35 11 43] | 4');
    expect(linearDelete(after43, 8).steps.at(-1)!.action).toBe('not-found');
    expect(linearInsert(after43, 43).steps.at(-1)!.action).toBe('refuse');
  });

  it('refuses a capacity or a number of buckets out of range', () => {
    expect(emptyLinearHash(0, 4)).toEqual({ ok: false, message: 'The capacity must be a whole number from 1 to 16.' });
    expect(emptyLinearHash(2, 17)).toEqual({ ok: false, message: 'The number of buckets must be a whole number from 1 to 16.' });
  });

  it('builds 10,000 keys in one go, every key in the bucket its hash names', () => {
    const keys = Array.from({ length: 10_000 }, (_, index) => (index * 7919) % 1_000_000);
    const result = linearBuild(2, 2, keys);
    if (!result.ok) throw new Error(result.message);
    const { state, steps } = result.value;
    expect(steps).toHaveLength(1);
    expect(steps[0]!.text).toContain('animation is skipped above 200 keys');
    const size = state.initialBuckets * 2 ** state.level;
    let held = 0;
    state.buckets.forEach((bucket, index) => {
      for (const key of bucket.pages.flat()) {
        const home = key % size < state.next ? key % (2 * size) : key % size;
        if (home !== index) throw new Error(`${key} is in bucket ${index}, not ${home}`);
        held++;
      }
    });
    expect(held).toBe(10_000);
  });
});
