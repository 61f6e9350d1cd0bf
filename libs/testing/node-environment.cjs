// The node test environment, with one promise: every process a test file starts ends with the file.
// Its teardown runs after the file's last afterAll, even when a test or a hook failed or timed out:
// 1. the processes the file started through libs/testing (test-processes.ts) get a clean stop;
// 2. anything else this process still has below it (a spec's own spawn, a grandchild, a process a
//    timed-out test started after its afterAll ran) is killed, and named on stderr: jest would
//    otherwise wait for it for good, and so would `npm test` (issue 30: CI hung for 90 minutes).
const { execFileSync } = require('node:child_process');
const { TestEnvironment } = require('jest-environment-node');

const STOP_TEST_PROCESSES = Symbol.for('dblearn.stopTestProcesses');
const CLEAN_STOP_MS = 30_000;

/** `pid ppid command` of every process, or none where `ps` is missing. */
function processTable() {
  try {
    const output = execFileSync('ps', ['-A', '-o', 'pid=,ppid=,args='], { encoding: 'utf8', timeout: 30_000, maxBuffer: 16 * 1024 * 1024 });
    return output
      .split('\n')
      .map((line) => /^\s*(\d+)\s+(\d+)\s?(.*)$/.exec(line))
      .filter(Boolean)
      .map(([, pid, ppid, args]) => ({ pid: Number(pid), ppid: Number(ppid), args }));
  } catch {
    return [];
  }
}

/** This process's descendants, each with its command line. */
function descendants() {
  const table = processTable();
  const found = new Map();
  const below = new Set([process.pid]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const entry of table) {
      if (!below.has(entry.pid) && below.has(entry.ppid)) {
        below.add(entry.pid);
        found.set(entry.pid, entry.args);
        grew = true;
      }
    }
  }
  return found;
}

function signal(pid, name) {
  try {
    process.kill(pid, name);
    return true;
  } catch {
    return false;
  }
}

class ProcessOwningEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    this.testPath = context.testPath;
  }

  async teardown() {
    const stop = this.global[STOP_TEST_PROCESSES];
    if (typeof stop === 'function') {
      let timer;
      await Promise.race([Promise.resolve(stop()).catch(() => undefined), new Promise((resolve) => (timer = setTimeout(resolve, CLEAN_STOP_MS)))]);
      clearTimeout(timer);
    }
    // Frozen first (nothing forks or loses its parent while the tree is walked), then killed.
    const left = new Map();
    for (let round = 0; round < 5; round += 1) {
      const fresh = [...descendants()].filter(([pid]) => !left.has(pid));
      if (fresh.length === 0) break;
      for (const [pid, args] of fresh) if (signal(pid, 'SIGSTOP')) left.set(pid, args);
    }
    for (const pid of left.keys()) signal(pid, 'SIGKILL');
    if (left.size > 0) {
      const names = [...left].map(([pid, args]) => `${pid} ${args.slice(0, 120)}`).join('\n  ');
      process.stderr.write(`[dblearn] ${this.testPath}: ${left.size} process(es) its tests started were still running at its end, killed:\n  ${names}\n`);
    }
    await super.teardown();
  }
}

module.exports = ProcessOwningEnvironment;
