import { describe, expect, it } from '@jest/globals';
import type { Model } from 'mongoose';
import { setTimeout as sleep } from 'node:timers/promises';
import { DocumentLocks } from './document-locks.js';
import type { WriteClaim } from './write-claim.schema.js';

/** Within one process no claim document is written (scope `process`): no database needed. */
const processLocks = () => new DocumentLocks(null as unknown as Model<WriteClaim>);

describe('DocumentLocks within one process', () => {
  it('runAll waits for every document it names and holds them all, and a single document waits for it', async () => {
    const locks = processLocks();
    const log: string[] = [];
    const step = (name: string, ms: number) => async () => {
      log.push(`start ${name}`);
      await sleep(ms);
      log.push(`end ${name}`);
    };
    await Promise.all([
      locks.run('Item', 'b', step('b', 20)),
      locks.runAll('Item', ['c', 'b', 'a', 'b'], step('all', 10)),
      locks.run('Item', 'a', step('a', 1)),
      locks.run('Item', 'z', step('z', 1)),
    ]);
    expect(log.indexOf('start all')).toBeGreaterThan(log.indexOf('end b'));
    expect(log.indexOf('start a')).toBeGreaterThan(log.indexOf('end all'));
    expect(log.indexOf('end z')).toBeLessThan(log.indexOf('start all'));
  });

  it('two runAll calls naming the same documents in opposite orders both finish', async () => {
    const locks = processLocks();
    const done: string[] = [];
    const one = locks.runAll('Item', ['x', 'y'], async () => {
      await sleep(5);
      done.push('one');
    });
    const two = locks.runAll('Item', ['y', 'x'], async () => {
      await sleep(5);
      done.push('two');
    });
    await Promise.all([one, two]);
    expect(done).toEqual(['one', 'two']);
  });

  it('keys by model and id: the same id in two models runs side by side', async () => {
    const locks = processLocks();
    const log: string[] = [];
    await Promise.all(
      ['Course', 'Project'].map((model) =>
        locks.run(model, 'same', async () => {
          log.push(`start ${model}`);
          await sleep(10);
          log.push(`end ${model}`);
        }),
      ),
    );
    expect(log.slice(0, 2).sort()).toEqual(['start Course', 'start Project']);
  });

  it('lets a task take a lock it holds again at once, and others wait until the outer task ends', async () => {
    const locks = processLocks();
    const log: string[] = [];
    const outer = locks.run('Item', 'a', async () => {
      await locks.run('Item', 'a', async () => log.push('inner'));
      await sleep(10);
      log.push('outer done');
    });
    const other = locks.run('Item', 'a', async () => log.push('other'));
    await Promise.all([outer, other]);
    expect(log).toEqual(['inner', 'outer done', 'other']);
    expect(locks.size).toBe(0);
  });

  it('work detached from a held lock, or started by it and still running after it, queues like anyone else', async () => {
    const locks = processLocks();
    const log: string[] = [];
    let later!: Promise<unknown>;
    let detached!: Promise<unknown>;
    await locks.run('Item', 'a', async () => {
      detached = locks.detached(() => locks.run('Item', 'a', async () => log.push('detached')));
      // Not awaited: it outlives the task that started it.
      later = sleep(20).then(() => locks.run('Item', 'a', async () => log.push('later')));
      await sleep(5);
      log.push('holder done');
    });
    const third = locks.run('Item', 'a', async () => {
      await sleep(30);
      log.push('third');
    });
    await Promise.all([detached, later, third]);
    expect(log).toEqual(['holder done', 'detached', 'third', 'later']);
  });
});
