import { mkdirSync, openSync, closeSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { isAlive } from '../config/data-dir-lock.js';

function holderOf(path: string): number | undefined {
  try {
    const pid = Number(readFileSync(path, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Runs `work` while holding a lock file that names this process: two launchers started at once (two
 * test workspaces that each start the platform, or `npm start` beside `npm test`) then build one after
 * the other instead of writing the same dist/ folders together. A lock left by a process that is gone
 * is taken over. `onWait` is called once if another process holds it.
 */
export async function withFileLock<T>(path: string, work: () => Promise<T>, onWait: (holder: number) => void = () => undefined, pollMs = 250): Promise<T> {
  mkdirSync(dirname(path), { recursive: true });
  let told = false;
  let unreadable = 0;
  for (;;) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = holderOf(path);
      // No pid yet: its holder is writing it, or died before it could (then give up on it after a while).
      if (holder === undefined && (unreadable += 1) < 20) {
        await new Promise((resolve) => setTimeout(resolve, pollMs));
        continue;
      }
      if (holder === undefined || holder === process.pid || !isAlive(holder)) {
        rmSync(path, { force: true });
        continue;
      }
      if (!told) onWait(holder);
      told = true;
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
  }
  try {
    return await work();
  } finally {
    if (holderOf(path) === process.pid) rmSync(path, { force: true });
  }
}
