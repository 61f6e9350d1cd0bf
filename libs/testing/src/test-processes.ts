import { type ChildProcessHandle, type ProcessSpec, spawnProcess } from '@dblearn/infra';

/*
 * Every process a test file starts through this kit (servers, services, a service it restarts) is
 * owned here, so it ends with the file however the file ends: a test's own `stop()`, else the
 * file's end (libs/testing/node-environment.cjs calls stopTestProcesses after every afterAll, even
 * one that failed or timed out), else this process's exit. A test that timed out keeps running in
 * the background; once the file has ended, what it starts next is killed at once instead of living on.
 */

const owned = new Set<ChildProcessHandle>();
let ended = false;
let hooksInstalled = false;

/** The key node-environment.cjs looks for on the test file's global. */
const STOP_TEST_PROCESSES = Symbol.for('dblearn.stopTestProcesses');

/** Synchronous last resort when this process ends ('exit' runs no async work). */
const killOwned = () => owned.forEach((each) => each.killNow());

/**
 * The owned processes lead groups of their own, so a Ctrl-C in the terminal no longer reaches them:
 * on a terminating signal they are killed, then the signal is raised again to end this process as it would have.
 */
const TERMINATING_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
const onSignal = (signal: NodeJS.Signals) => {
  killOwned();
  removeHooks();
  process.kill(process.pid, signal);
};

function removeHooks(): void {
  process.off('exit', killOwned);
  for (const signal of TERMINATING_SIGNALS) process.off(signal, onSignal);
}

/** Takes `handle` into the file's care; it is forgotten once it has exited. */
export function ownTestProcess(handle: ChildProcessHandle): ChildProcessHandle {
  if (!hooksInstalled && !ended) {
    hooksInstalled = true;
    process.once('exit', killOwned);
    for (const signal of TERMINATING_SIGNALS) process.once(signal, onSignal);
    (globalThis as Record<symbol, unknown>)[STOP_TEST_PROCESSES] = stopTestProcesses;
  }
  if (ended) {
    handle.killNow();
    return handle;
  }
  owned.add(handle);
  void handle.exited.then(() => owned.delete(handle));
  return handle;
}

/**
 * Spawns a process owned by the test file (see above). It leads a process group of its own, so that
 * stopping it also stops whatever it started.
 */
export function spawnTestProcess(spec: ProcessSpec): ChildProcessHandle {
  return ownTestProcess(spawnProcess(spec, { detached: true }));
}

/** Stops every process the file still owns (the stop signal, then SIGKILL after each one's stop timeout). */
export async function stopTestProcesses(): Promise<void> {
  ended = true;
  await Promise.all([...owned].map((handle) => handle.stop()));
  // The file is over: its hooks must not outlive it in a process that runs the next file.
  removeHooks();
}
