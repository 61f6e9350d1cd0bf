import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { setPriority } from 'node:os';
import { join } from 'node:path';

/**
 * Where a lab backend that runs long goes (decision 0048). Every PostgreSQL backend is a child of
 * one postmaster, so all of them share its session's autogroup: one runaway made that whole group
 * always runnable and took a core from the attempts beside it (62–77 % of their throughput, where
 * the SQLite lab keeps 95 % by running heavy queries in a process of its own at autogroup nice 10).
 * A backend cannot be given a session of its own, but it can be moved into a CPU cgroup of the
 * lowest weight: still all the CPU nobody else wants, almost none while attempts need it.
 */
export interface RunawayQuarantine {
  /** Moves backend `pid` out of the attempts' way; false when it could not (then it stays where it is). */
  hold(pid: number): boolean;
  /** How it holds them, for the log: a cgroup's path, or "nice 19". */
  readonly how: string;
}

/** The cgroup of the lab's runaways, under the CPU controller's root. */
export const RUNAWAY_CGROUP_NAME = 'dblearn-lab-runaways';
/** cgroup v1 cpu.shares (a nice-0 autogroup weighs 1,024) and v2 cpu.weight (100 is the default): their minimums. */
const V1_SHARES = 2;
const V2_WEIGHT = 1;

/**
 * The quarantine this machine allows, tried in order: cgroup v1's cpu controller
 * (/sys/fs/cgroup/cpu), cgroup v2 with the cpu controller (/sys/fs/cgroup), else nice 19, which
 * weighs only inside the postmaster's autogroup (against other backends, not against svc-content
 * or the gateway). Making a cgroup and moving another user's process into it takes root (CI and the
 * platform's default run as root; PostgreSQL runs as its own user); without it, nice 19 is tried
 * per backend and may be refused too. `root` is for tests.
 */
export function openRunawayQuarantine(root = '/sys/fs/cgroup'): RunawayQuarantine {
  return cgroupV1(join(root, 'cpu')) ?? cgroupV2(root) ?? { hold: niceBackend, how: 'nice 19' };
}

function cgroupV1(controller: string): RunawayQuarantine | null {
  if (!existsSync(join(controller, 'cpu.shares'))) return null;
  return cgroupAt(join(controller, RUNAWAY_CGROUP_NAME), 'cpu.shares', V1_SHARES);
}

function cgroupV2(root: string): RunawayQuarantine | null {
  try {
    if (!readFileSync(join(root, 'cgroup.controllers'), 'utf8').split(/\s+/).includes('cpu')) return null;
    if (!readFileSync(join(root, 'cgroup.subtree_control'), 'utf8').split(/\s+/).includes('cpu')) writeFileSync(join(root, 'cgroup.subtree_control'), '+cpu');
  } catch {
    return null;
  }
  return cgroupAt(join(root, RUNAWAY_CGROUP_NAME), 'cpu.weight', V2_WEIGHT);
}

function cgroupAt(group: string, weightFile: string, weight: number): RunawayQuarantine | null {
  try {
    mkdirSync(group, { recursive: true });
    writeFileSync(join(group, weightFile), String(weight));
  } catch {
    return null;
  }
  const procs = join(group, 'cgroup.procs');
  return {
    how: group,
    hold: (pid) => {
      if (!isPostgresBackend(pid)) return false;
      try {
        writeFileSync(procs, String(pid));
        return true;
      } catch {
        // Gone meanwhile, or not ours to move: nice is better than nothing.
        return niceBackend(pid);
      }
    },
  };
}

function niceBackend(pid: number): boolean {
  if (!isPostgresBackend(pid)) return false;
  try {
    setPriority(pid, 19);
    return true;
  } catch {
    return false;
  }
}

/**
 * Only a local PostgreSQL process is ever moved: the pid a connection reports is the server's,
 * which is another machine's when POSTGRES_URL points elsewhere.
 */
function isPostgresBackend(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 1) return false;
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres';
  } catch {
    return false;
  }
}
