import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UserFacingError } from '../errors.js';
import { formatDuration, say, sayError } from '../log.js';
import { npmCommand, runInherited } from '../process/run.js';
import { isGreen, outcomeFromJest, outcomeFromPlaywright, summaryLine, totalsOf, type SuiteOutcome } from '../testing/summary.js';
import { runStaticChecks, staticChecks } from '../testing/static-checks.js';
import { listWorkspaces, matchesFilter, orderForTests, type Workspace } from '../workspaces/discover.js';
import { runBuild } from './build.js';
import { ensureTools } from './tools.js';

export interface TestOptions {
  /** Skip the browser suite. */
  unit: boolean;
  /** Only these workspaces (folder, last folder part or package name); all when empty. */
  workspaces: string[];
}

const E2E_FOLDER = 'e2e';
const E2E_CONFIG = 'playwright.config.ts';

async function readJson(path: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as unknown;
  } catch {
    return undefined;
  }
}

async function runJest(root: string, ws: Workspace, outputFile: string): Promise<SuiteOutcome> {
  const jest = createRequire(join(root, 'package.json')).resolve('jest/bin/jest');
  const startedAt = Date.now();
  say(`${ws.folder}: jest`);
  const code = await runInherited(process.execPath, ['--experimental-vm-modules', '--disable-warning=ExperimentalWarning', jest, '--json', `--outputFile=${outputFile}`, '--passWithNoTests'], {
    cwd: ws.dir,
  });
  return outcomeFromJest(ws.folder, await readJson(outputFile), code, Date.now() - startedAt);
}

async function runBrowserSuite(root: string, outputFile: string): Promise<SuiteOutcome> {
  const npm = npmCommand();
  const startedAt = Date.now();
  say(`${E2E_FOLDER}: playwright`);
  // The platform under test keeps its data here (the suite's config reads E2E_DATA_DIR); gone afterwards.
  const dataDir = await mkdtemp(join(tmpdir(), 'dblearn-e2e-'));
  try {
    // npm exec (npx) of the locally installed playwright; --no: never download one.
    const code = await runInherited(npm.command, [...npm.prefixArgs, 'exec', '--no', '--', 'playwright', 'test', '--reporter=list,json'], {
      cwd: join(root, E2E_FOLDER),
      env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_FILE: outputFile, E2E_DATA_DIR: dataDir },
    });
    return outcomeFromPlaywright(E2E_FOLDER, await readJson(outputFile), code, Date.now() - startedAt);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

function printResults(outcomes: readonly SuiteOutcome[], problems: readonly string[]): void {
  const width = Math.max(12, ...outcomes.map((o) => o.label.length));
  process.stdout.write('\nTest results\n');
  for (const o of outcomes) {
    const counts = summaryLine(o);
    const notes = o.notes.length ? `  (${o.notes.join('; ')})` : '';
    process.stdout.write(`  ${o.failed ? '✗' : '✓'} ${o.label.padEnd(width)}  ${counts.padEnd(32)} ${formatDuration(o.durationMs).padStart(9)}${notes}\n`);
  }
  for (const problem of problems) process.stdout.write(`  ✗ ${problem}\n`);
}

/** `test`: resolves to the exit code; the last line printed is the `N passed, N failed` summary. */
export async function runTests(root: string, options: TestOptions): Promise<number> {
  const all = listWorkspaces(root);
  const unknown = options.workspaces.filter((filter) => !all.some((ws) => matchesFilter(ws, [filter])));
  if (unknown.length) throw new UserFacingError(`No workspace called ${unknown.join(', ')}. Workspaces: ${all.map((ws) => ws.folder).join(', ')}`);

  const jestWorkspaces = orderForTests(all.filter((ws) => existsSync(join(ws.dir, 'jest.config.cjs')) && matchesFilter(ws, options.workspaces)));
  const e2e = all.find((ws) => ws.folder === E2E_FOLDER);
  const runE2e = !options.unit && e2e !== undefined && existsSync(join(e2e.dir, E2E_CONFIG)) && matchesFilter(e2e, options.workspaces);

  let interrupted = false;
  const onInterrupt = () => {
    interrupted = true;
  };
  process.on('SIGINT', onInterrupt);
  process.on('SIGTERM', onInterrupt);

  await ensureTools(root);
  const problems: string[] = [];
  let built = true;
  try {
    await runBuild(root, { skipFrontEnds: !runE2e });
  } catch (error) {
    // Jest reads TypeScript sources, so the unit and integration suites still run and still tell
    // what works; only the browser suite needs the build.
    built = false;
    problems.push(`build: ${(error as Error).message.split('\n')[0]}`);
    sayError((error as Error).message);
  }

  const outcomes: SuiteOutcome[] = [];
  // Type-check and lint only on a whole run: a run limited to a few workspaces is a developer's quick loop.
  if (options.workspaces.length === 0 && !interrupted) {
    say('static checks: eslint and every workspace\'s typecheck');
    outcomes.push(await runStaticChecks(staticChecks(root, all), 2));
  }
  const reports = await mkdtemp(join(tmpdir(), 'dblearn-test-reports-'));
  try {
    for (const [index, ws] of jestWorkspaces.entries()) {
      if (interrupted) break;
      outcomes.push(await runJest(root, ws, join(reports, `jest-${index}.json`)));
    }
    if (runE2e && !interrupted) {
      if (built) outcomes.push(await runBrowserSuite(root, join(reports, 'playwright.json')));
      else problems.push('e2e: not run, because the build failed');
    }
  } finally {
    await rm(reports, { recursive: true, force: true });
  }
  if (interrupted) problems.push('interrupted: the remaining suites did not run');

  const totals = totalsOf(outcomes);
  printResults(outcomes, problems);
  if (totals.passed + totals.failed === 0) process.stdout.write('  ✗ no test ran\n');
  process.stdout.write(`${summaryLine(totals)}\n`);
  process.off('SIGINT', onInterrupt);
  process.off('SIGTERM', onInterrupt);
  if (interrupted) return 130;
  return isGreen(totals) && problems.length === 0 ? 0 : 1;
}
