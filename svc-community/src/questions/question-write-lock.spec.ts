import { describe, expect, it } from '@jest/globals';
import { QuestionWriteLock } from './question-write-lock.js';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('QuestionWriteLock', () => {
  it('runs writes to one question one after the other, even when one fails', async () => {
    const lock = new QuestionWriteLock();
    const order: string[] = [];
    const slow = lock.run('a', async () => {
      order.push('first starts');
      await tick();
      order.push('first ends');
      throw new Error('first failed');
    });
    const next = lock.run('a', async () => {
      order.push('second runs');
      return 2;
    });
    await expect(slow).rejects.toThrow('first failed');
    expect(await next).toBe(2);
    expect(order).toEqual(['first starts', 'first ends', 'second runs']);
  });

  it('lets writes to different questions overlap', async () => {
    const lock = new QuestionWriteLock();
    const order: string[] = [];
    await Promise.all([
      lock.run('a', async () => {
        order.push('a starts');
        await tick();
        order.push('a ends');
      }),
      lock.run('b', async () => {
        order.push('b runs');
      }),
    ]);
    expect(order).toEqual(['a starts', 'b runs', 'a ends']);
  });
});
