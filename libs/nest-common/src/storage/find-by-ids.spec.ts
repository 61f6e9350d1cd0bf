import { describe, expect, it } from '@jest/globals';
import { mapBounded } from './find-by-ids.js';

describe('mapBounded', () => {
  it('keeps the items’ order and never runs more than the bound at once', async () => {
    let running = 0;
    let most = 0;
    const results = await mapBounded([50, 10, 30, 0, 20, 40, 5], 3, async (ms) => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, ms));
      running -= 1;
      return ms * 2;
    });
    expect(results).toEqual([100, 20, 60, 0, 40, 80, 10]);
    expect(most).toBe(3);
  });

  it('answers an empty list at once, and rejects with the first failure', async () => {
    expect(await mapBounded([], 4, async () => 1)).toEqual([]);
    await expect(mapBounded([1, 2, 3], 2, async (n) => (n === 2 ? Promise.reject(new Error('no 2')) : n))).rejects.toThrow('no 2');
  });
});
