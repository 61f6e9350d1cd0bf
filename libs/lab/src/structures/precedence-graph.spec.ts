import { conflictingPairs, describePrecedenceGraph, findCycle, parseSchedule, precedenceBlock, serialOrder, verdict, type ScheduleOperation } from './precedence-graph.js';

const schedule = (text: string): ScheduleOperation[] => {
  const parsed = parseSchedule(text);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.value;
};

const built = (text: string) => {
  const block = precedenceBlock(text);
  if (!block.ok) throw new Error(block.message);
  return block.value;
};

describe('parseSchedule', () => {
  it('reads the compact form and one operation a line, with comments', () => {
    expect(schedule('r1(A) w2(A), c1; C2')).toEqual([{ kind: 'r', transaction: 1, item: 'A' }, { kind: 'w', transaction: 2, item: 'A' }, { kind: 'c', transaction: 1 }, { kind: 'c', transaction: 2 }]);
    expect(schedule('# T1 reads\nR1(balance)\nw1(balance)')).toHaveLength(2);
  });

  it.each([
    ['', 'The schedule is empty'],
    ['r1(A) x2(A)', '"x2(A)" on line 1 is not an operation'],
    ['r1(A)\nw1', '"w1" on line 2 names no item: write w1(A).'],
    ['c1(A)', 'a commit or abort names no item'],
    ['r0(A)', 'transactions are numbered 1 to 99'],
    ['r1(A) c1 w1(A)', '"w1(A)" on line 1 comes after T1 ended with c1.'],
    [Array.from({ length: 201 }, () => 'r1(A)').join(' '), '200 operations at most'],
  ])('says what is wrong with %j instead of throwing', (text, message) => {
    const parsed = parseSchedule(text);
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.message).toContain(message);
  });
});

describe('the precedence graph', () => {
  it('finds the conflicting pairs: same item, different transactions, at least one write', () => {
    // r1(A) r2(A) do not conflict; w2(A) conflicts with r1(A); r2(B) w1(B) conflict.
    expect(conflictingPairs(schedule('r1(A) r2(A) w2(A) r2(B) w1(B) r1(C)'))).toEqual([
      [0, 2],
      [3, 4],
    ]);
  });

  it('draws a cycle for the lost update and says the schedule is not conflict-serializable', () => {
    const { state, steps } = built('r1(A) r2(A) w1(A) w2(A) c1 c2');
    expect(state.edges.map((edge) => [edge.from, edge.to, edge.because])).toEqual([
      [2, 1, [[1, 2]]],
      [
        1,
        2,
        [
          [0, 3],
          [2, 3],
        ],
      ],
    ]);
    expect(findCycle(state)).toEqual([1, 2, 1]);
    expect(serialOrder(state)).toBeNull();
    expect(steps.map((step) => step.text)).toEqual([
      'w1(A) after r2(A): both touch A and one writes, so T2 must come before T1: add the edge T2 → T1.',
      'w2(A) after r1(A): both touch A and one writes, so T1 must come before T2: add the edge T1 → T2.',
      'w2(A) after w1(A): both touch A and both write, so T1 must come before T2: the edge T1 → T2 is already there.',
      'Not conflict-serializable: cycle T1 → T2 → T1.',
    ]);
    expect(steps[2]!.state.read).toBe(4);
  });

  it('gives the equivalent serial order when there is no cycle, which need not be the order the transactions start in', () => {
    const { state, steps } = built('r1(A) w2(B) r3(B) w1(C) r2(C) c1 c2 c3');
    expect(verdict(state)).toBe('Conflict-serializable, equivalent to T1 → T2 → T3.');
    expect(built('r2(A) r1(B) w2(B) w1(C) r3(A) w3(C)').state.edges.map((edge) => `${edge.from}${edge.to}`)).toEqual(['12', '13']);
    expect(verdict(built('r1(A) w2(A) r3(B) w1(B)').state)).toBe('Conflict-serializable, equivalent to T3 → T1 → T2.');
    expect(steps.at(-1)!.action).toBe('serializable');
    expect(steps.at(-1)!.focus).toEqual([1, 2, 3]);
  });

  it('finds a longer cycle and leaves an aborted transaction out', () => {
    expect(verdict(built('w1(A) r2(A) w2(B) r3(B) w3(C) r1(C)').state)).toBe('Not conflict-serializable: cycle T1 → T2 → T3 → T1.');
    const { state, steps } = built('r1(A) w2(A) w1(A) a2 c1');
    expect(state.edges).toEqual([]);
    expect(steps.map((step) => step.text)).toEqual([
      'a2: T2 aborts, so its operations are left out (only committed work must be serializable).',
      'Conflict-serializable, equivalent to T1 → T2. No two operations conflict. (aborted: T2)',
    ]);
  });

  it('says so when nothing conflicts, and describes the graph in words', () => {
    const { state } = built('r1(A) r2(A) w1(B) w2(C)');
    expect(describePrecedenceGraph(state)).toBe('Precedence graph of T1, T2, no edges yet.');
    expect(describePrecedenceGraph(built('r1(A) w2(A) r1(B) w2(B)').state)).toBe('Precedence graph of T1, T2. Edges: T1 → T2 (A, B).');
  });

  it('reads a 200-operation schedule quickly and without recursion trouble', () => {
    // T1 → T2 → … → T99 → T1 through 99 items: 198 operations, a cycle through every transaction.
    const long = Array.from({ length: 99 }, (_, index) => `w${index + 1}(X${index + 1}) r${(index + 1) % 99 + 1}(X${index + 1})`).join(' ');
    const { state } = built(long);
    expect(state.edges).toHaveLength(99);
    expect(findCycle(state)).toHaveLength(100);
  });
});
