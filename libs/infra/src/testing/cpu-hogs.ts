import { spawn } from 'node:child_process';

/**
 * What a hog runs: a busy loop, like `yes > /dev/null`, that ends by itself once its parent (the pid
 * after `-e <source>`; read at start, it could already be init's) is gone: a test run killed with
 * SIGKILL must not leave a shared machine busy for good.
 */
export const HOG_SOURCE = `const parent = Number(process.argv[1]);
for (;;) {
  for (let i = 0; i < 50_000_000; i += 1);
  if (process.ppid !== parent) process.exit(0);
}`;

/**
 * `npm test -- --busy`: `count` processes that each keep a core busy for the whole run, so that a
 * test that holds only on an idle machine fails here rather than on a developer's busy one (issue 30).
 * Resolves nothing: stop() ends them (and so does this process's exit).
 */
export function startCpuHogs(count: number): { pids: number[]; stop: () => void } {
  const hogs = Array.from({ length: count }, () => spawn(process.execPath, ['-e', HOG_SOURCE, String(process.pid)], { stdio: 'ignore' }));
  const stop = () => {
    for (const hog of hogs) if (hog.exitCode === null && hog.signalCode === null) hog.kill('SIGKILL');
    process.off('exit', stop);
  };
  process.once('exit', stop);
  return { pids: hogs.flatMap((hog) => (hog.pid === undefined ? [] : [hog.pid])), stop };
}
