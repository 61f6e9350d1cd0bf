import { bplusBuild, bplusDelete, bplusInsert, bplusKeys, bplusProblems, bplusSearch, bplusText, bplusTreeFrom, emptyBPlusTree, type BPlusTree } from './bplus-tree.js';
import { ANIMATION_LIMIT } from './steps.js';

// Ramakrishnan & Gehrke, Database Management Systems, 3rd ed., Figure 10.9: a B+ tree of order d = 2.
const figure10_9 = () =>
  bplusTreeFrom(2, {
    keys: [13, 17, 24, 30],
    children: [
      [2, 3, 5, 7],
      [14, 16],
      [19, 20, 22],
      [24, 27, 29],
      [33, 34, 38, 39],
    ],
  });

const actions = (operation: { steps: { action: string }[] }) => operation.steps.map((step) => step.action);

function built(order: number, keys: number[]): BPlusTree {
  const result = bplusBuild(order, keys);
  if (!result.ok) throw new Error(result.message);
  return result.value.state;
}

describe('B+ tree insertion', () => {
  it('inserting 8* into Figure 10.9 splits a leaf, then the root, as in Figure 10.13', () => {
    const insert = bplusInsert(figure10_9(), 8);
    // Figure 10.13: "B+ tree after inserting entry 8*".
    expect(bplusText(insert.state)).toBe('[17] / [5 13] [24 30] / [2 3] [5 7 8] [14 16] [19 20 22] [24 27 29] [33 34 38 39]');
    expect(actions(insert)).toEqual(['descend', 'insert', 'split-leaf', 'split-internal', 'new-root']);
    expect(insert.steps[2]!.text).toBe('Split the leaf into [2 3] and [5 7 8], and copy 5 up: it stays in the leaf too. The parent becomes [5 13 17 24 30].');
    expect(insert.steps[3]!.text).toContain('push 17 up: it moves, it is not copied');
    expect(insert.steps.at(-1)!.text).toContain('new root [17]');
    expect(bplusProblems(insert.state)).toEqual([]);
  });

  it('keeps every step as a snapshot, and leaves the tree it started from untouched', () => {
    const before = figure10_9();
    const insert = bplusInsert(before, 8);
    expect(bplusText(before)).toBe('[13 17 24 30] / [2 3 5 7] [14 16] [19 20 22] [24 27 29] [33 34 38 39]');
    expect(bplusText(insert.steps[1]!.state)).toBe('[13 17 24 30] / [2 3 5 7 8] [14 16] [19 20 22] [24 27 29] [33 34 38 39]');
    expect(bplusText(insert.steps[2]!.state)).toBe('[5 13 17 24 30] / [2 3] [5 7 8] [14 16] [19 20 22] [24 27 29] [33 34 38 39]');
  });

  it('splits at every level: a leaf, internal nodes and the root grow a tree of order 1 to four levels', () => {
    const tree = built(1, [1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(bplusText(tree)).toBe('[5] / [3] [7] / [2] [4] [6] [8] / [1] [2] [3] [4] [5] [6] [7] [8 9]');
    const last = bplusInsert(built(1, [1, 2, 3, 4, 5, 6, 7, 8]), 9);
    expect(actions(last)).toEqual(['descend', 'descend', 'insert', 'split-leaf', 'split-internal', 'split-internal', 'new-root']);
  });

  it('refuses a key it holds already and says so', () => {
    const insert = bplusInsert(figure10_9(), 20);
    expect(actions(insert).at(-1)).toBe('refuse');
    expect(insert.steps.at(-1)!.text).toBe('20 is already in leaf [19 20 22]: a key is stored once, so nothing changes.');
    expect(bplusText(insert.state)).toBe(bplusText(figure10_9()));
  });
});

describe('B+ tree deletion', () => {
  const figure10_13 = () => bplusInsert(figure10_9(), 8).state;

  it('deleting 19* then 20* borrows from the right sibling, as in Figure 10.15', () => {
    const after19 = bplusDelete(figure10_13(), 19);
    expect(actions(after19)).toEqual(['descend', 'descend', 'delete']);
    const after20 = bplusDelete(after19.state, 20);
    // Figure 10.15: "B+ tree after deleting entries 19* and 20*": 24* moves left, 27 is the new separator.
    expect(bplusText(after20.state)).toBe('[17] / [5 13] [27 30] / [2 3] [5 7 8] [14 16] [22 24] [27 29] [33 34 38 39]');
    expect(actions(after20).slice(-2)).toEqual(['delete', 'borrow']);
    expect(after20.steps.at(-1)!.text).toBe('Borrow from the right sibling: the two leaves become [22 24] and [27 29], and the key between them in the parent becomes 27.');
  });

  it('deleting 24* then merges leaves, merges internal nodes and collapses the root, as in Figure 10.17', () => {
    const start = bplusDelete(bplusDelete(figure10_13(), 19).state, 20).state;
    const after24 = bplusDelete(start, 24);
    // Figure 10.17: "B+ tree after deleting entry 24*".
    expect(bplusText(after24.state)).toBe('[5 13 17 30] / [2 3] [5 7 8] [14 16] [22 27 29] [33 34 38 39]');
    expect(actions(after24)).toEqual(['descend', 'descend', 'delete', 'merge', 'merge', 'collapse-root']);
    expect(after24.steps[4]!.text).toContain('pulling 17 down');
    expect(bplusProblems(after24.state)).toEqual([]);
  });

  it('redistributes internal nodes through the root, as from Figure 10.18 to Figure 10.19', () => {
    // Figure 10.18 is this tree once 24* is gone and [22 27 29] merged: its right internal node is left with [30].
    const tree = bplusTreeFrom(2, {
      keys: [22],
      children: [
        { keys: [5, 13, 17, 20], children: [[2, 3], [5, 7, 8], [14, 16], [17, 18], [20, 21]] },
        { keys: [27, 30], children: [[22, 24], [27, 29], [33, 34, 38, 39]] },
      ],
    });
    const after24 = bplusDelete(tree, 24);
    expect(actions(after24)).toEqual(['descend', 'descend', 'delete', 'merge', 'borrow']);
    // Figure 10.19: 17 goes up into the root, 20 and 22 move to the right node.
    expect(bplusText(after24.state)).toBe('[17] / [5 13] [20 22 30] / [2 3] [5 7 8] [14 16] [17 18] [20 21] [22 27 29] [33 34 38 39]');
    expect(bplusProblems(after24.state)).toEqual([]);
  });

  it('borrows from the left sibling when the right one has nothing to spare', () => {
    const tree = bplusTreeFrom(2, { keys: [10, 20], children: [[1, 2, 3, 4], [10, 11], [20, 21]] });
    const deleted = bplusDelete(tree, 11);
    expect(bplusText(deleted.state)).toBe('[3 20] / [1 2] [3 4 10] [20 21]');
    expect(deleted.steps.at(-1)!.text).toContain('Borrow from the left sibling');
  });

  it('says when a key to delete is not there', () => {
    const deleted = bplusDelete(figure10_9(), 21);
    expect(deleted.steps.at(-1)).toMatchObject({ action: 'not-found', text: '21 is not in leaf [19 20 22]: there is nothing to delete.' });
  });

  it('stays a valid B+ tree through a thousand random inserts and deletes, at every order', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (const order of [1, 2, 3]) {
      const tree = emptyBPlusTree(order);
      if (!tree.ok) throw new Error(tree.message);
      let state = tree.value;
      const present = new Set<number>();
      for (let round = 0; round < 1000; round++) {
        const key = Math.floor(random() * 300);
        if (random() < 0.6) {
          state = bplusInsert(state, key, false).state;
          present.add(key);
        } else {
          state = bplusDelete(state, key, false).state;
          present.delete(key);
        }
        expect(bplusProblems(state)).toEqual([]);
      }
      expect(bplusKeys(state)).toEqual([...present].sort((a, b) => a - b));
    }
  });
});

describe('B+ tree search and bad input', () => {
  it('reads one node per level', () => {
    const search = bplusSearch(figure10_9(), 27);
    expect(search.steps.map((step) => step.text)).toEqual(['At [13 17 24 30], 27 is from 24 up to below 30: follow the fourth pointer down.', 'Found 27 in leaf [24 27 29] after reading 2 nodes.']);
    expect(bplusSearch(figure10_9(), 26).steps.at(-1)!.action).toBe('not-found');
  });

  it('refuses an order out of range with a message', () => {
    expect(emptyBPlusTree(0)).toEqual({ ok: false, message: 'The order must be a whole number from 1 to 8.' });
    expect(bplusBuild(9, [1])).toEqual({ ok: false, message: 'The order must be a whole number from 1 to 8.' });
  });

  it(`builds 10,000 keys without per-step snapshots, saying that animation is skipped above ${ANIMATION_LIMIT}`, () => {
    const keys = Array.from({ length: 10_000 }, (_, index) => (index * 7919) % 10_007);
    const started = performance.now();
    const result = bplusBuild(2, keys);
    expect(performance.now() - started).toBeLessThan(500);
    if (!result.ok) throw new Error(result.message);
    expect(result.value.steps).toHaveLength(1);
    expect(result.value.steps[0]!.text).toMatch(/^Built from 10,000 keys in one go \(animation is skipped above 200 keys\)/);
    expect(bplusKeys(result.value.state)).toHaveLength(10_000);
    expect(bplusProblems(result.value.state)).toEqual([]);
  });
});
