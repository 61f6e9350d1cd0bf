import { describe, expect, it } from '@jest/globals';
import { setTimeout as sleep } from 'node:timers/promises';
import { KeyedLock } from './keyed-lock.js';

describe('KeyedLock', () => {
  it('runs the tasks of one key one at a time, in the order they came', async () => {
    const lock = new KeyedLock();
    const log: string[] = [];
    const task = (name: string, ms: number) => async () => {
      log.push(`start ${name}`);
      await sleep(ms);
      log.push(`end ${name}`);
      return name;
    };
    const results = await Promise.all([lock.run('u1', task('a', 20)), lock.run('u1', task('b', 1)), lock.run('u1', task('c', 5))]);
    expect(results).toEqual(['a', 'b', 'c']);
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
  });

  it('runs tasks of different keys side by side', async () => {
    const lock = new KeyedLock();
    const log: string[] = [];
    await Promise.all([
      lock.run('u1', async () => {
        log.push('start u1');
        await sleep(20);
        log.push('end u1');
      }),
      lock.run('u2', async () => {
        log.push('start u2');
        await sleep(1);
        log.push('end u2');
      }),
    ]);
    expect(log).toEqual(['start u1', 'start u2', 'end u2', 'end u1']);
  });

  it('goes on with the next task after one fails, and hands each caller its own outcome', async () => {
    const lock = new KeyedLock();
    const failed = lock.run('u1', () => Promise.reject(new Error('boom')));
    const next = lock.run('u1', async () => 'fine');
    await expect(failed).rejects.toThrow('boom');
    await expect(next).resolves.toBe('fine');
  });

  it('forgets a key once its queue is empty', async () => {
    const lock = new KeyedLock();
    await lock.run('u1', async () => 1);
    await sleep(0);
    expect(lock.size).toBe(0);
  });
});
