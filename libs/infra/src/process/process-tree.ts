import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** One line of `ps`: a process, its parent and its process group. */
export interface ProcessEntry {
  pid: number;
  ppid: number;
  pgid: number;
}

/** Reads `ps -A -o pid=,ppid=,pgid=` (Linux and macOS alike). */
export function parseProcessTable(output: string): ProcessEntry[] {
  const entries: ProcessEntry[] = [];
  for (const line of output.split('\n')) {
    const [pid, ppid, pgid] = line.trim().split(/\s+/).map(Number);
    if (Number.isInteger(pid) && Number.isInteger(ppid) && Number.isInteger(pgid) && pid! > 0) entries.push({ pid: pid!, ppid: ppid!, pgid: pgid! });
  }
  return entries;
}

/**
 * The process `root` and everything it started: its descendants by parent, and every member of a
 * process group that one of them leads (a child spawned detached leads its own group, and an orphan
 * whose parent already died keeps its group though no longer its parent).
 */
export function treeOf(root: number, table: readonly ProcessEntry[]): number[] {
  const tree = new Set<number>([root]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const entry of table) {
      if (tree.has(entry.pid)) continue;
      if (tree.has(entry.ppid) || tree.has(entry.pgid)) {
        tree.add(entry.pid);
        grew = true;
      }
    }
  }
  return [...tree].filter((pid) => table.some((entry) => entry.pid === pid));
}

/** Every process running now; empty where `ps` is missing (nothing to walk, the caller kills what it knows). */
export async function listProcesses(): Promise<ProcessEntry[]> {
  return new Promise((resolve) => {
    execFile('ps', ['-A', '-o', 'pid=,ppid=,pgid='], { timeout: 30_000, maxBuffer: 16 * 1024 * 1024 }, (error, stdout) => resolve(error ? [] : parseProcessTable(stdout)));
  });
}

function signal(pid: number, name: NodeJS.Signals): boolean {
  try {
    process.kill(pid, name);
    return true;
  } catch {
    return false;
  }
}

/**
 * Kills `root` and everything it started, grandchildren included. The tree is frozen first
 * (SIGSTOP, repeated until no new member appears) so that nothing forks or is re-parented while it
 * is being walked, then killed with SIGKILL: what outlived its time gets no say in how it ends.
 * Also sweeps a group whose leader has already exited: its members are still found by their group.
 * Resolves to how many processes were killed.
 */
export async function killTree(root: number, list: () => Promise<ProcessEntry[]> = listProcesses): Promise<number> {
  const frozen = new Set<number>();
  for (let round = 0; round < 5; round += 1) {
    const table = await list();
    const fresh = (table.length ? treeOf(root, table) : [root]).filter((pid) => !frozen.has(pid));
    if (fresh.length === 0) break;
    for (const pid of fresh) if (signal(pid, 'SIGSTOP')) frozen.add(pid);
    if (table.length === 0) break;
  }
  let killed = 0;
  for (const pid of frozen) if (signal(pid, 'SIGKILL')) killed += 1;
  // Without ps, the group `root` leads (a suite's) still goes whole.
  if (frozen.size <= 1) signal(-root, 'SIGKILL');
  return killed;
}

/** Whether `pid` still runs: a zombie (dead, not yet reaped by whoever adopted it) counts as gone. */
export function isRunning(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    // No /proc (or no such process): ask the kernel.
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  }
}
