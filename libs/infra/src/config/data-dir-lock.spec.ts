import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { acquireDataDirLock, LOCK_FILE } from './data-dir-lock.js';

let dataDir: string;
const children: ChildProcess[] = [];

/** A long-running process whose command line contains `marker` (so it looks like a launcher, or not). */
function sleeper(marker: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)', marker], { stdio: 'ignore' });
  children.push(child);
  return new Promise((resolve) => child.once('spawn', () => resolve(child)));
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', () => resolve()));
}

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'dblearn-lock-'));
});
afterEach(async () => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  await rm(dataDir, { recursive: true, force: true });
});

describe('acquireDataDirLock', () => {
  it('records the launcher and its children, and removes the file on release', async () => {
    const lock = await acquireDataDirLock(dataDir);
    const child = await sleeper('ferretdb');
    lock.recordChildren([{ name: 'ferretdb', pid: child.pid! }]);
    const content = JSON.parse(readFileSync(join(dataDir, LOCK_FILE), 'utf8'));
    expect(content).toMatchObject({ pid: process.pid, children: [{ name: 'ferretdb', pid: child.pid }] });
    expect(content.children[0].cmdline).toContain('ferretdb');
    lock.release();
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);
  });

  it('refuses a second launcher on the same DATA_DIR while the first runs', async () => {
    const otherLauncher = await sleeper('libs/infra/dist/cli.js');
    await writeFile(join(dataDir, LOCK_FILE), JSON.stringify({ pid: otherLauncher.pid, startedAt: '', children: [] }));
    await expect(acquireDataDirLock(dataDir)).rejects.toThrow(`DBLearn is already running on ${dataDir} (launcher pid ${otherLauncher.pid})`);
  });

  it('stops servers left running by a launcher that was killed, and only those', async () => {
    const deadLauncher = spawn(process.execPath, ['-e', '0']);
    await exited(deadLauncher);
    const orphan = await sleeper('nats-server-orphan');
    const unrelated = await sleeper('someone-else');
    const orphanCmdline = readFileSync(`/proc/${orphan.pid}/cmdline`, 'utf8');
    await writeFile(
      join(dataDir, LOCK_FILE),
      JSON.stringify({
        pid: deadLauncher.pid,
        startedAt: '',
        children: [
          { name: 'nats', pid: orphan.pid, cmdline: orphanCmdline },
          // A recorded pid now used by another program must be left alone.
          { name: 'ferretdb', pid: unrelated.pid, cmdline: 'ferretdb\u0000--handler=sqlite\u0000' },
        ],
      }),
    );
    const reports: string[] = [];
    const lock = await acquireDataDirLock(dataDir, (message) => reports.push(message));
    await exited(orphan);
    expect(reports).toEqual([`stopping nats (pid ${orphan.pid}), left running by a launcher that did not exit cleanly`]);
    expect(orphan.signalCode).toBe('SIGTERM');
    expect(unrelated.exitCode === null && unrelated.signalCode === null).toBe(true);
    expect(JSON.parse(readFileSync(join(dataDir, LOCK_FILE), 'utf8')).pid).toBe(process.pid);
    lock.release();
  });
});
