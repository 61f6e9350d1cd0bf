import { emptyExtendibleHash, extendibleBuild, extendibleDelete, extendibleInsert, extendibleSearch, extendibleText, type ExtendibleHash } from './extendible-hash.js';

const actions = (operation: { steps: { action: string }[] }) => operation.steps.map((step) => step.action);

function built(capacity: number, keys: number[]): ExtendibleHash {
  const result = extendibleBuild(capacity, keys);
  if (!result.ok) throw new Error(result.message);
  return result.value.state;
}

// Ramakrishnan & Gehrke, 3rd ed., Figure 11.2 ("Example of an extendible hashed file"): bucket
// capacity 4, global depth 2, every local depth 2. Inserting these keys in turn from one empty bucket
// reaches exactly that file.
const figure11_2 = () => built(4, [4, 12, 32, 16, 1, 5, 21, 13, 10, 15, 7, 19]);

describe('extendible hashing', () => {
  it('grows from one bucket to the file of Figure 11.2', () => {
    expect(extendibleText(figure11_2())).toBe('depth 2: 00→A2 [4 12 32 16] | 01→B2 [1 5 21 13] | 10→C2 [10] | 11→D2 [15 7 19]');
  });

  it('inserting 20* doubles the directory and splits bucket A, as in Figures 11.3 and 11.4', () => {
    const insert = extendibleInsert(figure11_2(), 20);
    expect(actions(insert)).toEqual(['hash', 'double', 'split', 'hash', 'insert']);
    expect(insert.steps[1]!.text).toBe('Bucket A is full and its local depth equals the global depth, so the directory doubles to 8 entries (global depth 3); each new entry points where its twin does.');
    expect(insert.steps[2]!.text).toBe('Split bucket A on its last 3 bits (local depth 3): keys ending 000 stay, [32 16]; keys ending 100 move to the new bucket E, [4 12].');
    // Figure 11.4: global depth 3; A (000) holds 32* 16*, its split image A2 (here E, 100) 4* 12* 20*; the others keep depth 2.
    expect(extendibleText(insert.state)).toBe(
      'depth 3: 000→A3 [32 16] | 001→B2 [1 5 21 13] | 010→C2 [10] | 011→D2 [15 7 19] | 100→E3 [4 12 20] | 101→B2 [1 5 21 13] | 110→C2 [10] | 111→D2 [15 7 19]',
    );
  });

  it('then inserting 9* splits bucket B without doubling, its local depth being below the global depth', () => {
    const insert = extendibleInsert(extendibleInsert(figure11_2(), 20).state, 9);
    expect(actions(insert)).toEqual(['hash', 'split', 'hash', 'insert']);
    expect(extendibleText(insert.state)).toBe(
      'depth 3: 000→A3 [32 16] | 001→B3 [1 9] | 010→C2 [10] | 011→D2 [15 7 19] | 100→E3 [4 12 20] | 101→F3 [5 21 13] | 110→C2 [10] | 111→D2 [15 7 19]',
    );
  });

  it('splits as many times as it takes when every key lands on one side', () => {
    const insert = extendibleInsert(built(2, [0, 8]), 16);
    // 0, 8 and 16 agree on their last 3 bits: the directory doubles four times before the fourth bit separates 8.
    expect(actions(insert).filter((action) => action === 'double')).toHaveLength(4);
    expect(extendibleText(insert.state).startsWith('depth 4: 0000→A4 [0 16]')).toBe(true);
  });

  it('deleting merges a bucket with its split image and halves the directory', () => {
    const start = extendibleInsert(figure11_2(), 20).state;
    // A keeps [16], and with E's [4 12 20] that is one bucket's worth: E goes, and no bucket needs 3 bits.
    const deleted = extendibleDelete(start, 32);
    expect(actions(deleted)).toEqual(['hash', 'delete', 'merge', 'halve']);
    expect(extendibleText(deleted.state)).toBe('depth 2: 00→A2 [16 4 12 20] | 01→B2 [1 5 21 13] | 10→C2 [10] | 11→D2 [15 7 19]');
  });

  it('finds a key with one directory read and says when one is missing', () => {
    expect(extendibleSearch(figure11_2(), 21).steps.map((step) => step.text)).toEqual([
      'h(21) = 21 = binary 10101; its last 2 bits 01 pick that directory entry, which points to bucket B.',
      'Found 21 in bucket B: one directory read, one bucket read.',
    ]);
    expect(extendibleSearch(figure11_2(), 17).steps.at(-1)!.action).toBe('not-found');
    expect(extendibleDelete(figure11_2(), 17).steps.at(-1)!.action).toBe('not-found');
    expect(extendibleInsert(figure11_2(), 21).steps.at(-1)!.action).toBe('refuse');
  });

  it('refuses a capacity out of range, and a bucket that cannot split within 16 bits', () => {
    expect(emptyExtendibleHash(0)).toEqual({ ok: false, message: 'The capacity must be a whole number from 1 to 16.' });
    const stuck = extendibleInsert(built(1, [0]), 2 ** 17);
    expect(stuck.steps.at(-1)!.text).toContain('is not added');
  });

  it('builds 10,000 keys in one go, every key in the bucket its bits name', () => {
    const keys = Array.from({ length: 10_000 }, (_, index) => index * 37);
    const started = performance.now();
    const result = extendibleBuild(4, keys);
    expect(performance.now() - started).toBeLessThan(1000);
    if (!result.ok) throw new Error(result.message);
    const { state, steps } = result.value;
    expect(steps).toHaveLength(1);
    expect(steps[0]!.text).toContain('animation is skipped above 200 keys');
    const held = state.buckets.flatMap((bucket) => bucket.keys);
    expect(held).toHaveLength(10_000);
    for (const bucket of state.buckets) {
      expect(bucket.keys.length).toBeLessThanOrEqual(4);
      for (const key of bucket.keys) expect(state.directory[key % 2 ** state.globalDepth]).toBe(bucket.id);
    }
  });
});
