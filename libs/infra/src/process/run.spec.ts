import { describe, expect, it } from '@jest/globals';
import { isRunning } from './process-tree.js';
import { runWithDeadline } from './run.js';

async function gone(pids: readonly number[]): Promise<boolean> {
  for (let tries = 0; tries < 100 && pids.some(isRunning); tries += 1) await new Promise((resolve) => setTimeout(resolve, 100));
  return !pids.some(isRunning);
}

/**
 * A node script that starts a child holding its output pipes and a detached one (a group of its
 * own), prints their pids as `pids a b`, then ends at once or runs forever.
 */
function parentScript(then: 'exit' | 'hang'): string[] {
  const forever = "setInterval(() => {}, 1000)";
  return [
    '-e',
    `const { spawn } = require('node:child_process');
     const held = spawn(process.execPath, ['-e', ${JSON.stringify(forever)}], { stdio: 'inherit' });
     const detached = spawn(process.execPath, ['-e', ${JSON.stringify(forever)}], { stdio: 'ignore', detached: true });
     console.log('pids', held.pid, detached.pid);
     ${then === 'exit' ? 'setTimeout(() => process.exit(0), 200)' : forever}`,
  ];
}

function pidsIn(output: string): number[] {
  return (/pids (\d+) (\d+)/.exec(output) ?? []).slice(1).map(Number);
}

describe('runWithDeadline', () => {
  it('kills a command that outlives its bound with everything it started, and says it timed out', async () => {
    const result = await runWithDeadline(process.execPath, parentScript('hang'), { output: 'collect', timeoutMs: 3_000 });
    expect(result).toMatchObject({ timedOut: true, aborted: false });
    const pids = pidsIn(result.output);
    expect(pids).toHaveLength(2);
    expect(await gone(pids)).toBe(true);
  });

  it('resolves when the command exits though a child it left holds its pipes, and kills that child', async () => {
    const result = await runWithDeadline(process.execPath, parentScript('exit'), { output: 'collect', timeoutMs: 600_000 });
    expect(result).toMatchObject({ code: 0, timedOut: false });
    // The child in its group is found; the detached one that init adopted is not (it left the group).
    expect(result.leftovers).toBeGreaterThanOrEqual(1);
    const [held, detached] = pidsIn(result.output);
    expect(await gone([held!])).toBe(true);
    process.kill(detached!, 'SIGKILL');
  });

  it('kills the command and what it started when told to stop (Ctrl-C)', async () => {
    const stop = new AbortController();
    const running = runWithDeadline(process.execPath, [...parentScript('hang')], { output: 'collect', timeoutMs: 600_000, signal: stop.signal });
    stop.abort();
    expect(await running).toMatchObject({ aborted: true, timedOut: false });
  });
});
