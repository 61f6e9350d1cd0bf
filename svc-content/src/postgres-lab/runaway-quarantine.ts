import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { setPriority } from 'node:os';
import { join } from 'node:path';

/**
 * Where a lab backend that runs long goes (decision 0048). Every PostgreSQL backend is a child of
 * one postmaster, so all of them share its session's autogroup: one runaway made that whole group
 * always runnable and took a core from the attempts beside it (62–77 % of their throughput, where
 * the SQLite lab keeps 95 % by running heavy queries in a process of its own at autogroup nice 10).
 * A backend cannot be given a session of its own, but it can be moved into a CPU cgroup of low
 * weight: still all the CPU nobody else wants, a tenth of a session's share while attempts need it.
 */
export interface RunawayQuarantine {
  /** Moves backend `pid` out of the attempts' way; false when it could not (then it stays where it is). */
  hold(pid: number): boolean;
  /** How it holds them, for the log: a cgroup's path, or "nice 19". */
  readonly how: string;
}

/** The cgroup of the lab's runaways, under the CPU controller's root. */
export const RUNAWAY_CGROUP_NAME = 'dblearn-lab-runaways';
/**
 * cgroup v1 cpu.shares and v2 cpu.weight of the quarantine: a nice-0 autogroup weighs 1,024 (v2: 100),
 * so about a tenth of a busy session, as SQLite's heavy-query process at autogroup nice 10 (decision
 * 0003's amendment). Lower (shares 2) starved a finite heavy reference to its time limit while CI kept
 * both cores busy.
 */
const V1_SHARES = 110;
const V2_WEIGHT = 11;

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

/**
 * CPU time backend `pid` has used so far, or null when it cannot be read (gone, or not on this
 * machine). schedstat's first field, in ns, as the SQL workers read their own threads'.
 */
export function backendCpuMs(pid: number): number | null {
  try {
    const onCpuNs = Number(readFileSync(`/proc/${pid}/schedstat`, 'latin1').split(' ', 1)[0]);
    return Number.isFinite(onCpuNs) ? onCpuNs / 1e6 : null;
  } catch {
    return null;
  }
}

/** When a busy backend counts as a runaway. */
export interface RunawayWatch {
  /** The first look, after this much wall time: most attempts are over by then and never looked at. */
  firstLookMs: number;
  /** Looks after that. */
  everyMs: number;
  /** CPU spent since the first look that makes it a runaway: wall time alone is no sign on a busy box. */
  heavyCpuMs: number;
}

/**
 * Watches backend `pid` while an attempt runs on it and holds it (`onHeld`) once it has spent
 * `heavyCpuMs` of CPU since the first look. Answers the function that stops watching.
 */
export function watchBackend(pid: number, quarantine: RunawayQuarantine, watch: RunawayWatch, onHeld: () => void): () => void {
  let timer: NodeJS.Timeout | undefined;
  let firstCpuMs: number | null = null;
  const look = () => {
    const cpuMs = backendCpuMs(pid);
    // Not readable: not a local backend, nothing to hold.
    if (cpuMs === null) return;
    if (firstCpuMs !== null && cpuMs - firstCpuMs >= watch.heavyCpuMs) {
      if (quarantine.hold(pid)) onHeld();
      return;
    }
    firstCpuMs ??= cpuMs;
    timer = setTimeout(look, watch.everyMs);
  };
  timer = setTimeout(look, watch.firstLookMs);
  return () => clearTimeout(timer);
}
