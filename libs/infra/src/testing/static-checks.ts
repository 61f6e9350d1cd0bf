import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { say } from '../log.js';
import { type BoundedRunResult, npmCommand, runWithDeadline } from '../process/run.js';
import type { Workspace } from '../workspaces/discover.js';
import { type SuiteOutcome, withRunEnd } from './summary.js';

/** One static check: a command whose exit code is its verdict. */
interface StaticCheck {
  name: string;
  command: string;
  args: string[];
  cwd: string;
}

/**
 * What a reviewer checks before reading a change: every workspace's `typecheck` script (the front
 * ends build and test with swc, which strips types, so only this catches a type error there) and
 * ESLint over the whole tree (the import bans live in its config). Each check counts as one test.
 */
export function staticChecks(root: string, workspaces: readonly Workspace[]): StaticCheck[] {
  const npm = npmCommand();
  const typechecks = workspaces
    .filter((ws) => ws.manifest.scripts?.typecheck)
    .map((ws) => ({ name: `typecheck ${ws.folder}`, command: npm.command, args: [...npm.prefixArgs, 'run', '--silent', 'typecheck'], cwd: ws.dir }));
  // eslint's package exports hide its bin: find it beside its package.json.
  const eslint = join(dirname(createRequire(join(root, 'package.json')).resolve('eslint/package.json')), 'bin', 'eslint.js');
  return [{ name: 'eslint', command: process.execPath, args: [eslint, '.', '--max-warnings=0'], cwd: root }, ...typechecks];
}

/** The last lines of a failed check's output: enough to find the error, not a wall of text. */
function tailOf(result: BoundedRunResult, lines = 40): string {
  return result.output.trimEnd().split('\n').slice(-lines).join('\n');
}

/**
 * Runs the checks `parallel` at a time; a failure prints its output's tail. All of them together get
 * the suite's time bound: one still running then is killed and fails, and the rest do not start.
 */
export async function runStaticChecks(checks: readonly StaticCheck[], parallel: number, limits: { timeoutMs: number; stop: AbortSignal }): Promise<SuiteOutcome> {
  const startedAt = Date.now();
  const deadline = startedAt + limits.timeoutMs;
  const failures: string[] = [];
  let timedOut = false;
  let leftovers = 0;
  const queue = [...checks];
  const worker = async () => {
    while (!timedOut && !limits.stop.aborted) {
      const check = queue.shift();
      if (!check) break;
      const result = await runWithDeadline(check.command, check.args, { cwd: check.cwd, output: 'collect', timeoutMs: Math.max(1, deadline - Date.now()), signal: limits.stop });
      timedOut ||= result.timedOut;
      leftovers += result.leftovers;
      if (result.code === 0) {
        say(`${check.name}: ok`);
      } else {
        failures.push(check.name);
        process.stdout.write(`\n✗ ${check.name} failed:\n${tailOf(result)}\n\n`);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, parallel) }, worker));
  const notRun = queue.length;
  const outcome: SuiteOutcome = {
    label: 'static checks',
    passed: checks.length - failures.length - notRun,
    failed: failures.length,
    skipped: notRun,
    durationMs: Date.now() - startedAt,
    notes: failures.length ? [`failed: ${failures.join(', ')}`] : [],
  };
  return withRunEnd(outcome, { timedOut, timeoutMs: limits.timeoutMs, leftovers });
}
