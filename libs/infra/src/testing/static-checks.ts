import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { say } from '../log.js';
import { npmCommand, run, type RunResult } from '../process/run.js';
import type { Workspace } from '../workspaces/discover.js';
import type { SuiteOutcome } from './summary.js';

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
function tailOf(result: RunResult, lines = 40): string {
  return `${result.stdout}${result.stderr}${result.error ? result.error.message : ''}`.trimEnd().split('\n').slice(-lines).join('\n');
}

/** Runs the checks `parallel` at a time; a failure prints its output's tail. */
export async function runStaticChecks(checks: readonly StaticCheck[], parallel: number): Promise<SuiteOutcome> {
  const startedAt = Date.now();
  const failures: string[] = [];
  const queue = [...checks];
  const worker = async () => {
    for (let check = queue.shift(); check; check = queue.shift()) {
      const result = await run(check.command, check.args, { cwd: check.cwd });
      if (result.code === 0 && !result.error) {
        say(`${check.name}: ok`);
      } else {
        failures.push(check.name);
        process.stdout.write(`\n✗ ${check.name} failed:\n${tailOf(result)}\n\n`);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, parallel) }, worker));
  return {
    label: 'static checks',
    passed: checks.length - failures.length,
    failed: failures.length,
    skipped: 0,
    durationMs: Date.now() - startedAt,
    notes: failures.length ? [`failed: ${failures.join(', ')}`] : [],
  };
}
