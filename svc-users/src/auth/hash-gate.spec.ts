import { describe, expect, it } from '@jest/globals';
import { HashGate } from './hash-gate.js';

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => undefined as void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('HashGate', () => {
  it('runs at most `max` at once, lets `maxWaiting` wait, and refuses the rest at once with 503', async () => {
    const gate = new HashGate(2, 1);
    const release = deferred();
    let active = 0;
    let peak = 0;
    const work = async () => {
      active += 1;
      peak = Math.max(peak, active);
      await release.promise;
      active -= 1;
      return 'hashed';
    };
    const accepted = [gate.run(work), gate.run(work), gate.run(work)];
    const refusedAt = Date.now();
    await expect(gate.run(work)).rejects.toMatchObject({ error: { statusCode: 503 } });
    expect(Date.now() - refusedAt).toBeLessThan(50);
    release.resolve();
    await expect(Promise.all(accepted)).resolves.toEqual(['hashed', 'hashed', 'hashed']);
    expect(peak).toBe(2);
    // Free again afterwards.
    await expect(gate.run(async () => 'again')).resolves.toBe('again');
  });
});
