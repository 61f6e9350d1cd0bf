import { describe, expect, it } from '@jest/globals';
import { parseProcessTable, treeOf } from './process-tree.js';

describe('parseProcessTable', () => {
  it('reads `ps -o pid=,ppid=,pgid=` lines, padded as ps pads them', () => {
    expect(parseProcessTable('    1     0     1\n  200     1   200\n  201   200   200\n\n')).toEqual([
      { pid: 1, ppid: 0, pgid: 1 },
      { pid: 200, ppid: 1, pgid: 200 },
      { pid: 201, ppid: 200, pgid: 200 },
    ]);
  });
});

describe('treeOf', () => {
  // 100 runs jest; 101 is a server it started; 102 a service it started detached (a group of its
  // own), whose helper 103 is in that group; 104 is an orphan of 100's group whose parent died (init
  // adopted it); 900 is someone else's.
  const table = [
    { pid: 1, ppid: 0, pgid: 1 },
    { pid: 100, ppid: 1, pgid: 100 },
    { pid: 101, ppid: 100, pgid: 100 },
    { pid: 102, ppid: 100, pgid: 102 },
    { pid: 103, ppid: 102, pgid: 102 },
    { pid: 104, ppid: 1, pgid: 100 },
    { pid: 900, ppid: 1, pgid: 900 },
  ];

  it('finds every descendant, detached ones and orphans of its group included, and nothing else', () => {
    expect(treeOf(100, table).sort()).toEqual([100, 101, 102, 103, 104]);
  });

  it('still finds a group whose leader has exited', () => {
    const leaderGone = table.filter((entry) => entry.pid !== 100);
    expect(treeOf(100, leaderGone).sort()).toEqual([101, 102, 103, 104]);
  });
});
