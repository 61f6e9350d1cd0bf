import { afterAll, describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { withFileLock } from './build-lock.js';

const made: string[] = [];
afterAll(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function lockIn(): string {
  const top = mkdtempSync(join(tmpdir(), 'dblearn-lock-'));
  made.push(top);
  const dir = join(top, 'sub');
  mkdirSync(dir);
  return join(dir, 'build.lock');
}

describe('withFileLock', () => {
  it('lets one holder work at a time and removes the file afterwards', async () => {
    const path = lockIn();
    const events: string[] = [];
    const holder = (name: string) => async () => {
      events.push(`${name} in`);
      expect(readFileSync(path, 'utf8')).toBe(String(process.pid));
      await new Promise((resolve) => setTimeout(resolve, 30));
      events.push(`${name} out`);
      return name;
    };
    // The same pid for both, so the second must see the first's file as its own leftover: run them
    // one after the other here, and across processes below.
    expect(await withFileLock(path, holder('a'), undefined, 5)).toBe('a');
    expect(await withFileLock(path, holder('b'), undefined, 5)).toBe('b');
    expect(events).toEqual(['a in', 'a out', 'b in', 'b out']);
    expect(existsSync(path)).toBe(false);
  });

  it('waits while a live process holds it, then takes it', async () => {
    const path = lockIn();
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 400)']);
    writeFileSync(path, String(other.pid));
    const waitedFor: number[] = [];
    const startedAt = Date.now();
    await withFileLock(path, async () => undefined, (pid) => waitedFor.push(pid), 20);
    expect(waitedFor).toEqual([other.pid]);
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(300);
    expect(other.exitCode).toBe(0);
  });

  it('takes over a lock left by a process that is gone', async () => {
    const path = lockIn();
    const gone = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => gone.once('exit', resolve));
    writeFileSync(path, String(gone.pid));
    const waitedFor: number[] = [];
    expect(await withFileLock(path, async () => 'mine', (pid) => waitedFor.push(pid), 20)).toBe('mine');
    expect(waitedFor).toEqual([]);
  });

  it('lets go of the lock when the work fails', async () => {
    const path = lockIn();
    await expect(withFileLock(path, () => Promise.reject(new Error('tsc failed')))).rejects.toThrow('tsc failed');
    expect(existsSync(path)).toBe(false);
  });
});
