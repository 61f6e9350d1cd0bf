import { existsSync, readdirSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { UserFacingError } from '../errors.js';
import { formatDuration, say, sayError } from '../log.js';
import { npmCommand, runWithDeadline } from '../process/run.js';
import { startCpuHogs } from '../testing/cpu-hogs.js';
import { heaviestFirst, runBounded, suiteTimeoutMs, testConcurrency } from '../testing/pool.js';
import { isGreen, outcomeFromJest, outcomeFromPlaywright, summaryLine, totalsOf, withRunEnd, type SuiteOutcome } from '../testing/summary.js';
import { runStaticChecks, staticChecks } from '../testing/static-checks.js';
import { listWorkspaces, matchesFilter, orderForTests, type Workspace } from '../workspaces/discover.js';
import { runBuild } from './build.js';
import { ensureTools } from './tools.js';

export interface TestOptions {
  /** Skip the browser suite. */
  unit: boolean;
  /** Run two CPU hogs beside the suites (a busy machine). */
  busy?: boolean;
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

/** What every suite's run shares: its time bound, and the signal that stops them all (Ctrl-C). */
interface SuiteLimits {
  timeoutMs: number;
  stop: AbortSignal;
}

/**
 * One workspace's jest, its output held back and printed as one block when it ends, so suites
 * running side by side do not interleave. Each suite starts its own servers on free ports with data
 * in its own temporary folder (libs/testing), so two workspaces never share one. A jest still running
 * at the bound is killed with everything it started (a hung test, or children that keep it alive).
 */
async function runJest(root: string, ws: Workspace, outputFile: string, limits: SuiteLimits): Promise<SuiteOutcome> {
  const jest = createRequire(join(root, 'package.json')).resolve('jest/bin/jest');
  const startedAt = Date.now();
  say(`${ws.folder}: jest started`);
  const end = await runWithDeadline(process.execPath, ['--experimental-vm-modules', '--disable-warning=ExperimentalWarning', jest, '--json', `--outputFile=${outputFile}`, '--passWithNoTests'], {
    cwd: ws.dir,
    output: 'collect',
    timeoutMs: limits.timeoutMs,
    signal: limits.stop,
  });
  const outcome = withRunEnd(outcomeFromJest(ws.folder, end.timedOut ? undefined : await readJson(outputFile), end.code, Date.now() - startedAt), { ...end, timeoutMs: limits.timeoutMs });
  const verdict = outcome.timedOut ? 'TIMED OUT' : outcome.failed ? `FAILED (${outcome.failed} failed)` : 'passed';
  process.stdout.write(`\n──── ${ws.folder}: jest ${verdict} in ${formatDuration(outcome.durationMs)} ────\n${end.output.trimEnd()}\n──── end of ${ws.folder} ────\n`);
  return outcome;
}

/** Where the last run's suite times are kept (outside git), so the next run starts the longest first. */
function durationsFile(root: string): string {
  return join(root, 'node_modules', '.cache', 'dblearn', 'test-durations.json');
}

async function readDurations(root: string): Promise<Record<string, number>> {
  const json = await readJson(durationsFile(root));
  if (!json || typeof json !== 'object') return {};
  return Object.fromEntries(Object.entries(json).filter((entry): entry is [string, number] => typeof entry[1] === 'number'));
}

async function saveDurations(root: string, outcomes: readonly SuiteOutcome[]): Promise<void> {
  const file = durationsFile(root);
  try {
    const durations = { ...(await readDurations(root)), ...Object.fromEntries(outcomes.map((o) => [o.label, o.durationMs])) };
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, `${JSON.stringify(durations, null, 2)}\n`);
  } catch {
    // Only an ordering hint: a run without it still tests everything.
  }
}

function countSpecs(dir: string): number {
  if (!existsSync(dir)) return 0;
  return readdirSync(dir, { withFileTypes: true, recursive: true }).filter((entry) => entry.isFile() && /\.spec\.tsx?$/.test(entry.name)).length;
}

/**
 * A fresh clone's guess of a workspace's jest time, in ms: the suites under test/ start real servers
 * (FerretDB, NATS, sometimes the whole platform) and take seconds each; those under src/ take less.
 */
function guessJestMs(ws: Workspace): number {
  return countSpecs(join(ws.dir, 'test')) * 15_000 + countSpecs(join(ws.dir, 'src')) * 2_000;
}

/**
 * Whether a workspace's jest may need the build. Suites under test/ run against real servers and may
 * start built code (services' dist/main.js, the launcher); a workspace with only src/ specs (the front
 * ends, contracts, federation, bench) reads TypeScript sources and may run while the build does.
 */
function needsBuild(ws: Workspace): boolean {
  return existsSync(join(ws.dir, 'test'));
}

/** `--busy`: as many hogs as the two-core box has cores, like two `yes > /dev/null` (issue 30). */
const BUSY_HOGS = 2;

/** The static checks' name in the pool (and in the recorded times), and their guessed time when no run has been recorded. */
const STATIC_CHECKS = 'static checks';
const STATIC_CHECKS_GUESS_MS = 40_000;

async function runBrowserSuite(root: string, outputFile: string, limits: SuiteLimits): Promise<SuiteOutcome> {
  const npm = npmCommand();
  const startedAt = Date.now();
  say(`${E2E_FOLDER}: playwright`);
  // The platform under test keeps its data here (the suite's config reads E2E_DATA_DIR); gone afterwards.
  const dataDir = await mkdtemp(join(tmpdir(), 'dblearn-e2e-'));
  try {
    // npm exec (npx) of the locally installed playwright; --no: never download one.
    const end = await runWithDeadline(npm.command, [...npm.prefixArgs, 'exec', '--no', '--', 'playwright', 'test', '--reporter=list,json'], {
      cwd: join(root, E2E_FOLDER),
      env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_FILE: outputFile, E2E_DATA_DIR: dataDir },
      output: 'inherit',
      timeoutMs: limits.timeoutMs,
      signal: limits.stop,
    });
    const report = end.timedOut ? undefined : await readJson(outputFile);
    return withRunEnd(outcomeFromPlaywright(E2E_FOLDER, report, end.code, Date.now() - startedAt), { ...end, timeoutMs: limits.timeoutMs });
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
    for (const failure of o.failures ?? []) process.stdout.write(`      ✗ ${failure}\n`);
  }
  for (const problem of problems) process.stdout.write(`  ✗ ${problem}\n`);
  const failed = outcomes.filter((o) => o.failed).map((o) => (o.timedOut ? `${o.label} (timed out)` : o.label));
  if (failed.length) process.stdout.write(`  failed in: ${failed.join(', ')}\n`);
}

/** `test`: resolves to the exit code; the last line printed is the `N passed, N failed` summary. */
export async function runTests(root: string, options: TestOptions): Promise<number> {
  const all = listWorkspaces(root);
  const unknown = options.workspaces.filter((filter) => !all.some((ws) => matchesFilter(ws, [filter])));
  if (unknown.length) throw new UserFacingError(`No workspace called ${unknown.join(', ')}. Workspaces: ${all.map((ws) => ws.folder).join(', ')}`);

  const jestWorkspaces = orderForTests(all.filter((ws) => existsSync(join(ws.dir, 'jest.config.cjs')) && matchesFilter(ws, options.workspaces)));
  const e2e = all.find((ws) => ws.folder === E2E_FOLDER);
  const runE2e = !options.unit && e2e !== undefined && existsSync(join(e2e.dir, E2E_CONFIG)) && matchesFilter(e2e, options.workspaces);

  const startedAt = Date.now();
  let interrupted = false;
  // Each suite leads a process group of its own (so a hung one can be killed whole), so a Ctrl-C in
  // the terminal reaches only this process: it stops them.
  const stopSuites = new AbortController();
  const onInterrupt = () => {
    interrupted = true;
    stopSuites.abort();
  };
  const limits: SuiteLimits = { timeoutMs: suiteTimeoutMs(process.env), stop: stopSuites.signal };
  process.on('SIGINT', onInterrupt);
  process.on('SIGTERM', onInterrupt);

  await ensureTools(root);
  const hogs = options.busy ? startCpuHogs(BUSY_HOGS) : undefined;
  if (hogs) say(`--busy: ${BUSY_HOGS} CPU hogs run beside the suites (pids ${hogs.pids.join(', ')})`);
  const problems: string[] = [];
  // The build runs beside the first suites: tsc -b is one thread, so a suite that reads only sources
  // fills the other core. Suites that may need it (needsBuild) wait for it, failed or not: jest reads
  // TypeScript sources, so they still run and still tell what works; only the browser suite needs it.
  const build = runBuild(root, { skipFrontEnds: !runE2e }).then(
    () => true,
    (error: unknown) => {
      problems.push(`build: ${(error as Error).message.split('\n')[0]}`);
      sayError((error as Error).message);
      return false;
    },
  );

  // Type-check and lint only on a whole run: a run limited to a few workspaces is a developer's quick loop.
  const withStaticChecks = options.workspaces.length === 0;
  const reports = await mkdtemp(join(tmpdir(), 'dblearn-test-reports-'));
  const outcomes: SuiteOutcome[] = [];
  try {
    // The static checks and every workspace's jest share one bounded pool, longest first, so the long
    // service suites start as soon as the build is done and the short ones fill in (the suites that
    // need no build run beside it); the browser suite then gets the machine.
    const jobs = [
      ...(withStaticChecks ? [{ folder: STATIC_CHECKS, run: () => runStaticChecks(staticChecks(root, all), 1, limits) }] : []),
      ...jestWorkspaces.map((ws, index) => ({ folder: ws.folder, ws, run: () => runJest(root, ws, join(reports, `jest-${index}.json`), limits) })),
    ];
    const durations = await readDurations(root);
    const ordered = heaviestFirst(jobs, durations, (job) => ('ws' in job ? guessJestMs(job.ws) : STATIC_CHECKS_GUESS_MS));
    const concurrency = testConcurrency(process.env, availableParallelism());
    say(`${ordered.length} suites, ${concurrency} at a time, each stopped after ${formatDuration(limits.timeoutMs)}: ${ordered.map((job) => job.folder).join(', ')}`);
    // The browser suite starts once the last jest suite has started, not once it has ended: longest
    // first, the last ones are the shortest, and a lane would otherwise idle while they finish. Its
    // one timing test (@alone) comes after every other browser test, well after they are done.
    let allStarted = () => {};
    const jestStarted = new Promise<void>((resolve) => (allStarted = resolve));
    const browser = runE2e
      ? jestStarted.then(async (): Promise<SuiteOutcome | undefined> => {
          if (!(await build)) {
            problems.push('e2e: not run, because the build failed');
            return undefined;
          }
          return interrupted ? undefined : runBrowserSuite(root, join(reports, 'playwright.json'), limits);
        })
      : Promise.resolve(undefined);
    const pooled = await runBounded(
      ordered,
      concurrency,
      (job) => job.run(),
      () => interrupted,
      { waits: (job) => !('ws' in job) || needsBuild(job.ws), opened: build },
      allStarted,
    );
    const browserOutcome = await browser;
    // Results in the order people expect (static checks, then libs, services, front ends), not the run's order.
    const outcomeOf = new Map(ordered.map((job, index) => [job, pooled[index]] as const));
    for (const job of jobs) {
      const outcome = outcomeOf.get(job);
      if (outcome) outcomes.push(outcome);
    }
    if (browserOutcome) outcomes.push(browserOutcome);
  } finally {
    hogs?.stop();
    await rm(reports, { recursive: true, force: true });
  }
  await saveDurations(root, outcomes);
  if (interrupted) problems.push('interrupted: the remaining suites did not run');

  const totals = totalsOf(outcomes);
  printResults(outcomes, problems);
  process.stdout.write(`  took ${formatDuration(Date.now() - startedAt)} in all (build included)\n`);
  if (totals.passed + totals.failed === 0) process.stdout.write('  ✗ no test ran\n');
  process.stdout.write(`${summaryLine(totals)}\n`);
  process.off('SIGINT', onInterrupt);
  process.off('SIGTERM', onInterrupt);
  if (interrupted) return 130;
  return isGreen(totals) && problems.length === 0 ? 0 : 1;
}
