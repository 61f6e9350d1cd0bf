import { describe, expect, it } from '@jest/globals';
import { setTimeout as sleep } from 'node:timers/promises';
import { ItemLocks } from './item-locks.js';

describe('ItemLocks', () => {
  it('runAll waits for every item it names and holds them all, and a single item waits for it', async () => {
    const locks = new ItemLocks();
    const log: string[] = [];
    const step = (name: string, ms: number) => async () => {
      log.push(`start ${name}`);
      await sleep(ms);
      log.push(`end ${name}`);
    };
    await Promise.all([locks.run('b', step('b', 20)), locks.runAll(['c', 'b', 'a', 'b'], step('all', 10)), locks.run('a', step('a', 1)), locks.run('z', step('z', 1))]);
    expect(log.indexOf('start all')).toBeGreaterThan(log.indexOf('end b'));
    expect(log.indexOf('start a')).toBeGreaterThan(log.indexOf('end all'));
    expect(log.indexOf('end z')).toBeLessThan(log.indexOf('start all'));
  });

  it('two runAll calls naming the same items in opposite orders both finish', async () => {
    const locks = new ItemLocks();
    const done: string[] = [];
    const one = locks.runAll(['x', 'y'], async () => {
      await sleep(5);
      done.push('one');
    });
    const two = locks.runAll(['y', 'x'], async () => {
      await sleep(5);
      done.push('two');
    });
    await Promise.all([one, two]);
    expect(done).toEqual(['one', 'two']);
  });
});
