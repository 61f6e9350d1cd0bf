import { describe, expect, it } from '@jest/globals';
import { heaviestFirst, runBounded, suiteTimeoutMs, testConcurrency } from './pool.js';

/** A job that ends when `release(name)` is called, recording when it started. */
function gate() {
  const started: string[] = [];
  const waiting = new Map<string, () => void>();
  const job = (name: string) =>
    new Promise<string>((resolve) => {
      started.push(name);
      waiting.set(name, () => resolve(`${name} done`));
    });
  const release = async (name: string) => {
    waiting.get(name)?.();
    // Let the finished job's lane pick the next one.
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { started, job, release };
}

describe('runBounded', () => {
  it('never runs more than the limit at once, and starts the next as soon as one ends', async () => {
    const { started, job, release } = gate();
    const all = runBounded(['a', 'b', 'c', 'd'], 2, job);
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual(['a', 'b']);
    await release('b');
    expect(started).toEqual(['a', 'b', 'c']);
    await release('a');
    await release('c');
    await release('d');
    expect(await all).toEqual(['a done', 'b done', 'c done', 'd done']);
  });

  it('starts nothing more once told to stop, and leaves those results undefined', async () => {
    let stop = false;
    const ran: number[] = [];
    const results = await runBounded([1, 2, 3], 1, async (n) => {
      ran.push(n);
      stop = true;
      return n * 10;
    }, () => stop);
    expect(ran).toEqual([1]);
    expect(results).toEqual([10, undefined, undefined]);
  });
});

describe('runBounded, told when every job has started', () => {
  it('says so when the last job starts, not when it ends', async () => {
    const { started, job, release } = gate();
    let said = 0;
    const all = runBounded(['a', 'b', 'c'], 2, job, () => false, undefined, () => said++);
    await new Promise((resolve) => setImmediate(resolve));
    expect(said).toBe(0);
    await release('a');
    expect(started).toEqual(['a', 'b', 'c']);
    expect(said).toBe(1);
    await release('b');
    await release('c');
    await all;
    expect(said).toBe(1);
  });

  it('says so at once for fewer jobs than lanes, and for none', async () => {
    let said = 0;
    const { job, release } = gate();
    const all = runBounded(['a'], 2, job, () => false, undefined, () => said++);
    expect(said).toBe(1);
    await release('a');
    await all;
    await runBounded([], 2, job, () => false, undefined, () => said++);
    expect(said).toBe(2);
  });
});

describe('runBounded with a gate (the build)', () => {
  it('runs the jobs that need no build first while it lasts, then the others in their order', async () => {
    const { started, job, release } = gate();
    let openGate = () => {};
    const opened = new Promise<void>((resolve) => {
      openGate = resolve;
    });
    const needsBuild = new Set(['gateway', 'svc-content', 'static checks']);
    const all = runBounded(['gateway', 'svc-content', 'mf-catalog', 'static checks', 'libs/ui', 'mf-qna'], 2, job, () => false, { waits: (name) => needsBuild.has(name), opened });
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual(['mf-catalog', 'libs/ui']);
    await release('libs/ui');
    expect(started).toEqual(['mf-catalog', 'libs/ui', 'mf-qna']);
    // Nothing but gated jobs left: the free lane waits for the gate instead of ending.
    await release('mf-qna');
    expect(started).toEqual(['mf-catalog', 'libs/ui', 'mf-qna']);
    openGate();
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual(['mf-catalog', 'libs/ui', 'mf-qna', 'gateway']);
    await release('mf-catalog');
    expect(started).toEqual(['mf-catalog', 'libs/ui', 'mf-qna', 'gateway', 'svc-content']);
    await release('gateway');
    await release('svc-content');
    await release('static checks');
    expect(await all).toEqual(['gateway done', 'svc-content done', 'mf-catalog done', 'static checks done', 'libs/ui done', 'mf-qna done']);
  });

  it('opens on a failed build too (the suites read sources and still say what works)', async () => {
    const ran: string[] = [];
    const results = await runBounded(['gateway', 'mf-qna'], 1, async (name) => {
      ran.push(name);
      return name.length;
    }, () => false, { waits: (name) => name === 'gateway', opened: Promise.reject(new Error('tsc -b failed')) });
    expect(ran).toEqual(['mf-qna', 'gateway']);
    expect(results).toEqual([7, 6]);
  });
});

describe('heaviestFirst', () => {
  const items = [{ folder: 'libs/ui' }, { folder: 'svc-content' }, { folder: 'gateway' }, { folder: 'mf-qna' }];

  it('orders by the last run\'s times, guessing for suites with none', () => {
    const order = heaviestFirst(items, { gateway: 200_000, 'libs/ui': 5_000 }, (item) => (item.folder === 'svc-content' ? 300_000 : 1_000));
    expect(order.map((item) => item.folder)).toEqual(['svc-content', 'gateway', 'libs/ui', 'mf-qna']);
  });

  it('keeps the given order for equal weights', () => {
    expect(heaviestFirst(items, {}, () => 1).map((item) => item.folder)).toEqual(['libs/ui', 'svc-content', 'gateway', 'mf-qna']);
  });
});

describe('testConcurrency', () => {
  it('runs three at a time unless the machine has one core or TEST_JOBS says otherwise', () => {
    expect(testConcurrency({}, 2)).toBe(3);
    expect(testConcurrency({}, 8)).toBe(3);
    expect(testConcurrency({}, 1)).toBe(1);
    expect(testConcurrency({ TEST_JOBS: '2' }, 2)).toBe(2);
    expect(() => testConcurrency({ TEST_JOBS: 'many' }, 2)).toThrow('TEST_JOBS must be a whole number of 1 or more, not "many".');
  });
});

describe('suiteTimeoutMs', () => {
  it('bounds each suite at 40 minutes unless TEST_SUITE_TIMEOUT_MINUTES says otherwise', () => {
    expect(suiteTimeoutMs({})).toBe(40 * 60_000);
    expect(suiteTimeoutMs({ TEST_SUITE_TIMEOUT_MINUTES: '45' })).toBe(45 * 60_000);
    expect(suiteTimeoutMs({ TEST_SUITE_TIMEOUT_MINUTES: '0.5' })).toBe(30_000);
    for (const wrong of ['0', '-3', 'forever']) {
      expect(() => suiteTimeoutMs({ TEST_SUITE_TIMEOUT_MINUTES: wrong })).toThrow(`TEST_SUITE_TIMEOUT_MINUTES must be a number of minutes above 0, not "${wrong}".`);
    }
  });
});
