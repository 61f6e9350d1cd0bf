import { describe, expect, it } from '@jest/globals';
import { HASH_ALREADY_UNDER_WAY_MESSAGE, HashGate, HASHING_BUSY_MESSAGE } from './hash-gate.js';

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => undefined as void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

/** Work that records when it runs and finishes when told. */
function recorder() {
  const started: string[] = [];
  const releases = new Map<string, () => void>();
  let active = 0;
  let peak = 0;
  const work = (name: string) => async () => {
    started.push(name);
    active += 1;
    peak = Math.max(peak, active);
    const done = deferred();
    releases.set(name, done.resolve);
    await done.promise;
    active -= 1;
    return name;
  };
  const finish = async (name: string) => {
    releases.get(name)!();
    // Let the gate hand the slot over.
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { started, work, finish, peak: () => peak };
}

const refusalOf = (promise: Promise<unknown>) => promise.then(() => 'accepted', (error: { error?: unknown }) => error.error);

describe('HashGate', () => {
  it('runs at most `max` at once, lets `maxWaiting` wait, and refuses the rest at once with 503', async () => {
    const gate = new HashGate(2, 1);
    const { work, finish, peak } = recorder();
    const accepted = [gate.run(['address:a'], work('a')), gate.run(['address:b'], work('b')), gate.run(['address:c'], work('c'))];
    const refusedAt = Date.now();
    expect(await refusalOf(gate.run(['address:d'], work('d')))).toEqual({ statusCode: 503, message: HASHING_BUSY_MESSAGE });
    expect(Date.now() - refusedAt).toBeLessThan(50);
    await finish('a');
    await finish('b');
    await finish('c');
    await expect(Promise.all(accepted)).resolves.toEqual(['a', 'b', 'c']);
    expect(peak()).toBe(2);
    // Free again afterwards.
    await expect(gate.run(['address:d'], async () => 'again')).resolves.toBe('again');
  });

  it('runs one hash per key at a time, lets one more wait, and refuses a third at once with 429', async () => {
    const gate = new HashGate(2, 8);
    const { started, work, finish } = recorder();
    const first = gate.run(['address:x', 'account:ada'], work('first'));
    const second = gate.run(['address:x', 'account:ada'], work('second'));
    // Same account from another address, and same address for another account: both keys are taken.
    expect(await refusalOf(gate.run(['address:y', 'account:ada'], work('other-address')))).toEqual({ statusCode: 429, message: HASH_ALREADY_UNDER_WAY_MESSAGE });
    expect(await refusalOf(gate.run(['address:x', 'account:bob'], work('other-account')))).toEqual({ statusCode: 429, message: HASH_ALREADY_UNDER_WAY_MESSAGE });
    await new Promise((resolve) => setImmediate(resolve));
    // A slot is free, but the second waits for its key rather than running beside the first.
    expect(started).toEqual(['first']);
    await finish('first');
    expect(started).toEqual(['first', 'second']);
    await finish('second');
    await expect(Promise.all([first, second])).resolves.toEqual(['first', 'second']);
  });

  it('never lets one client fill the gate: six concurrent logins of one account leave a slot for everyone else', async () => {
    const gate = new HashGate(2, 2);
    const { started, work, finish } = recorder();
    const flood = Array.from({ length: 6 }, (_, i) => gate.run(['address:attacker', 'account:mallory'], work(`flood${i}`)).catch((error: { error?: { statusCode?: number } }) => error.error?.statusCode));
    // The other user gets the free slot at once, not a 503 (the old gate: 2 running + 2 waiting, all the flood's).
    const victim = gate.run(['address:victim', 'account:ada'], work('victim'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual(['flood0', 'victim']);
    await finish('victim');
    await expect(victim).resolves.toBe('victim');
    await finish('flood0');
    await finish('flood1');
    expect(await Promise.all(flood)).toEqual(['flood0', 'flood1', 429, 429, 429, 429]);
  });

  it('gives a freed slot to the next client in turn, not to the one that queued most', async () => {
    const gate = new HashGate(1, 8);
    const { started, work, finish } = recorder();
    const runs = [
      gate.run(['address:a', 'account:a1'], work('a1')),
      gate.run(['address:a', 'account:a2'], work('a2')),
      gate.run(['address:b', 'account:b1'], work('b1')),
      gate.run(['address:c', 'account:c1'], work('c1')),
    ];
    // a2 queued first, but client a was just served: b and c go before it.
    await finish('a1');
    await finish('b1');
    await finish('c1');
    await finish('a2');
    expect(started).toEqual(['a1', 'b1', 'c1', 'a2']);
    await Promise.all(runs);

    // A client that keeps coming back goes to the back of the line each time it is served.
    const next = [gate.run(['address:a', 'account:a3'], work('a3')), gate.run(['address:b', 'account:b2'], work('b2')), gate.run(['address:c', 'account:c2'], work('c2'))];
    const again = gate.run(['address:a', 'account:a4'], work('a4'));
    await finish('a3');
    await finish('b2');
    await finish('c2');
    await finish('a4');
    expect(started.slice(4)).toEqual(['a3', 'b2', 'c2', 'a4']);
    await Promise.all([...next, again]);
  });

  it('keeps the slot of work that fails, and frees its keys', async () => {
    const gate = new HashGate(1, 1);
    await expect(gate.run(['address:a'], async () => Promise.reject(new Error('scrypt failed')))).rejects.toThrow('scrypt failed');
    await expect(gate.run(['address:a'], async () => 'next')).resolves.toBe('next');
  });

  it('bounds work without keys by the totals only (the admin bootstrap, a re-hash)', async () => {
    const gate = new HashGate(2, 0);
    const { work, finish } = recorder();
    const both = [gate.run([], work('one')), gate.run([], work('two'))];
    expect(await refusalOf(gate.run([], work('three')))).toEqual({ statusCode: 503, message: HASHING_BUSY_MESSAGE });
    await finish('one');
    await finish('two');
    await expect(Promise.all(both)).resolves.toEqual(['one', 'two']);
  });
});
