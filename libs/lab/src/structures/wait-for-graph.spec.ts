import { compatible, deadlockedTransactions, describeWaitForGraph, edgesOf, parseLockTable, waitForBlock, type LockEntry } from './wait-for-graph.js';

const table = (text: string): LockEntry[] => {
  const parsed = parseLockTable(text);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.value;
};

const built = (text: string) => {
  const block = waitForBlock(text);
  if (!block.ok) throw new Error(block.message);
  return block.value;
};

/** The lock table of the lesson and of the graded check: a three-way deadlock and a fourth transaction that only waits. */
const THREE_WAY = 'T1 holds X(A) waits S(B)\nT2 holds X(B) waits X(C)\nT3 holds S(C) waits S(A)\nT4 holds S(D) waits X(B)';

describe('parseLockTable', () => {
  it('reads one transaction a line: held locks, then what it waits for, with comments', () => {
    expect(table('T1 holds X(A), s(c) waits for S(B) # T1 is stuck\n\nt2 holds -')).toEqual([
      { transaction: 1, holds: [{ mode: 'X', item: 'A' }, { mode: 'S', item: 'c' }], waits: { mode: 'S', item: 'B' } },
      { transaction: 2, holds: [], waits: null },
    ]);
  });

  it.each([
    ['', 'The lock table is empty'],
    ['T1 has X(A)', 'Line 1 is not a lock table row'],
    ['T1 holds Y(A)', '"Y(A)" on line 1 is not a lock'],
    ['T1 holds X(A) waits B', '"B" on line 1 is not a lock'],
    ['T1 holds X(A)\nT1 holds S(B)', 'T1 on line 2 has a row already'],
    ['T0 holds X(A)', 'transactions are numbered 1 to 99'],
    [Array.from({ length: 21 }, (_, index) => `T${index + 1} holds -`).join('\n'), '20 transactions at most'],
  ])('says what is wrong with %j instead of throwing', (text, message) => {
    const parsed = parseLockTable(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.message).toContain(message);
  });
});

describe('the edges and the cycle detection', () => {
  it('makes only shared locks compatible', () => {
    expect([compatible('S', 'S'), compatible('S', 'X'), compatible('X', 'S'), compatible('X', 'X')]).toEqual([true, false, false, false]);
  });

  it('draws an edge to every incompatible holder of the wanted item, none to a compatible one', () => {
    const locks = table('T1 holds S(A)\nT2 holds S(A)\nT3 holds - waits X(A)\nT4 holds - waits S(A)');
    expect(edgesOf(locks[2]!, locks)).toEqual([{ from: 3, to: 1, item: 'A' }, { from: 3, to: 2, item: 'A' }]);
    expect(edgesOf(locks[3]!, locks)).toEqual([]);
  });

  it('finds the transactions on a cycle, and not those that only wait for one', () => {
    expect(deadlockedTransactions({ transactions: [1, 2, 3, 4], edges: [{ from: 1, to: 2 }, { from: 2, to: 3 }, { from: 3, to: 1 }, { from: 4, to: 2 }] })).toEqual([1, 2, 3]);
    expect(deadlockedTransactions({ transactions: [1, 2, 3], edges: [{ from: 1, to: 2 }, { from: 2, to: 3 }] })).toEqual([]);
    expect(deadlockedTransactions({ transactions: [1, 2, 3, 4], edges: [{ from: 1, to: 2 }, { from: 2, to: 1 }, { from: 3, to: 4 }, { from: 4, to: 3 }] })).toEqual([1, 2, 3, 4]);
  });
});

describe('waitForBlock', () => {
  it('adds each waiting transaction, names the deadlock and aborts the youngest on the cycle', () => {
    const { state, steps } = built(THREE_WAY);
    expect(state.edges.map((edge) => `T${edge.from}→T${edge.to}`)).toEqual(['T1→T2', 'T2→T3', 'T3→T1', 'T4→T2']);
    expect(state.deadlocked).toEqual([1, 2, 3]);
    expect(state.victims).toEqual([3]);
    expect(steps.map((step) => step.action)).toEqual(['edge', 'edge', 'edge', 'edge', 'cycle', 'victim', 'resolved']);
    expect(steps[1]!.text).toBe('T2 waits for X(C), held incompatibly by T3: add T2 → T3.');
    expect(steps[4]!.text).toBe('Deadlock: the cycle T1 → T2 → T3 → T1. Deadlocked: T1, T2, T3.');
    expect(steps[5]!.text).toMatch(/^Victim: T3, the youngest on the cycle\./);
    expect(steps.at(-1)!.text).toBe('No cycle left. Aborted: T3. Still waiting (not deadlocked): T1, T4.');
    expect(describeWaitForGraph(state)).toBe('Wait-for graph of T1, T2, T3, T4. Edges: T1 → T2 (B), T2 → T3 (C), T3 → T1 (A), T4 → T2 (B). Deadlocked: T1, T2, T3. Victims: T3.');
  });

  it('breaks two separate deadlocks with a victim each', () => {
    const { state } = built('T1 holds X(A) waits X(B)\nT2 holds X(B) waits X(A)\nT3 holds X(C) waits X(D)\nT4 holds X(D) waits S(C)');
    expect(state.deadlocked).toEqual([1, 2, 3, 4]);
    expect(state.victims).toEqual([2, 4]);
  });

  it('says there is no deadlock when the graph has no cycle, and a request nobody blocks is granted', () => {
    const { state, steps } = built('T1 holds S(A) waits X(B)\nT2 holds X(B)\nT3 holds S(B) waits S(A)');
    expect(state.victims).toEqual([]);
    expect(steps[1]!.action).toBe('granted');
    expect(steps.at(-1)!.text).toBe('No cycle, so no deadlock: T1 only waits for locks that will be released.');
  });

  it('gives the answers of the graded check "Find the deadlock" (transactions-isolation)', () => {
    const { state } = built('T1 holds X(A) waits X(B)\nT2 holds S(B) waits S(C)\nT3 holds S(B), X(C) waits S(A)\nT4 holds S(D) waits X(B)\nT5 holds - waits S(D)');
    expect(state.edges.map((edge) => [edge.from, edge.to])).toEqual([[1, 2], [1, 3], [2, 3], [3, 1], [4, 2], [4, 3]]);
    expect(state.deadlocked).toEqual([1, 2, 3]);
    expect(state.victims).toEqual([3]);
  });
});
