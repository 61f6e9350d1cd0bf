import { describe, expect, it } from '@jest/globals';
import { isRunning } from '../process/process-tree.js';
import { execFileSync } from 'node:child_process';
import { HOG_SOURCE, startCpuHogs } from './cpu-hogs.js';

async function ends(pid: number): Promise<boolean> {
  for (let tries = 0; tries < 300 && isRunning(pid); tries += 1) await new Promise((resolve) => setTimeout(resolve, 100));
  return !isRunning(pid);
}

describe('startCpuHogs (npm test -- --busy)', () => {
  it('runs the hogs until stopped', async () => {
    const hogs = startCpuHogs(2);
    expect(hogs.pids).toHaveLength(2);
    expect(hogs.pids.every(isRunning)).toBe(true);
    hogs.stop();
    for (const pid of hogs.pids) expect(await ends(pid)).toBe(true);
  });

  it('ends a hog by itself once its parent is gone (a run killed with SIGKILL leaves no busy machine)', async () => {
    const parent = `const { spawn } = require('node:child_process');
      const hog = spawn(process.execPath, ['-e', ${JSON.stringify(HOG_SOURCE)}, String(process.pid)], { stdio: 'ignore', detached: true });
      hog.unref();
      console.log(hog.pid);`;
    const pid = Number(execFileSync(process.execPath, ['-e', parent], { encoding: 'utf8', timeout: 20_000 }).trim());
    try {
      expect(await ends(pid)).toBe(true);
    } finally {
      if (isRunning(pid)) process.kill(pid, 'SIGKILL');
    }
  });
});
