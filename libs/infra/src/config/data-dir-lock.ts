import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { UserFacingError } from '../errors.js';
import { say } from '../log.js';

export const LOCK_FILE = 'launcher.json';

interface RecordedChild {
  name: string;
  pid: number;
  /** /proc/<pid>/cmdline when recorded: a pid is only ever signalled if it still runs that command. */
  cmdline: string;
}

interface LockContent {
  pid: number;
  startedAt: string;
  children: RecordedChild[];
}

export interface DataDirLock {
  recordChildren(children: ReadonlyArray<{ name: string; pid: number }>): void;
  release(): void;
}

function commandLineOf(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return undefined;
  }
}

/** Does a process with this pid exist (EPERM: it does, owned by someone else)? */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readLock(path: string): LockContent | undefined {
  try {
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as Partial<LockContent>;
    if (typeof parsed.pid !== 'number') return undefined;
    return { pid: parsed.pid, startedAt: String(parsed.startedAt ?? ''), children: Array.isArray(parsed.children) ? parsed.children : [] };
  } catch {
    return undefined;
  }
}

/** Is the recorded launcher still running? Where /proc exists we also check it is still a launcher. */
function launcherStillRuns(lock: LockContent): boolean {
  if (lock.pid === process.pid || !isAlive(lock.pid)) return false;
  const cmdline = commandLineOf(lock.pid);
  return cmdline === undefined || /cli\.js|dblearn/.test(cmdline);
}

async function stopLeftover(child: RecordedChild, report: (message: string) => void): Promise<void> {
  if (!child.cmdline || commandLineOf(child.pid) !== child.cmdline) return;
  report(`stopping ${child.name} (pid ${child.pid}), left running by a launcher that did not exit cleanly`);
  try {
    process.kill(child.pid, 'SIGTERM');
  } catch {
    return;
  }
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline && isAlive(child.pid)) await new Promise((resolve) => setTimeout(resolve, 100));
  if (isAlive(child.pid)) {
    try {
      process.kill(child.pid, 'SIGKILL');
    } catch {
      // Gone between the check and the kill.
    }
  }
}

/**
 * One launcher per DATA_DIR: two would run two databases on the same files. The lock file also
 * lists the children, so that servers orphaned by a launcher that was killed (kill -9, a crash)
 * are stopped before new ones start on the same data.
 */
export async function acquireDataDirLock(dataDir: string, report: (message: string) => void = say): Promise<DataDirLock> {
  const path = join(dataDir, LOCK_FILE);
  const previous = readLock(path);
  if (previous && launcherStillRuns(previous)) {
    throw new UserFacingError(
      `DBLearn is already running on ${dataDir} (launcher pid ${previous.pid}). Stop it first, or set DATA_DIR to another folder.\n` +
        `  If no launcher is running, delete ${path}.`,
    );
  }
  if (previous) for (const child of previous.children) await stopLeftover(child, report);

  const content: LockContent = { pid: process.pid, startedAt: new Date().toISOString(), children: [] };
  const write = () => writeFileSync(path, `${JSON.stringify(content, null, 2)}\n`);
  write();
  return {
    recordChildren(children) {
      content.children = children.map(({ name, pid }) => ({ name, pid, cmdline: commandLineOf(pid) ?? '' }));
      write();
    },
    release() {
      const current = readLock(path);
      if (current?.pid === process.pid) rmSync(path, { force: true });
    },
  };
}
