import { formatDuration } from '../log.js';

/** What one test run (a workspace's jest, or the browser suite) came to. */
export interface SuiteOutcome {
  label: string;
  passed: number;
  failed: number;
  skipped: number;
  durationMs: number;
  /** Anything a person should know beyond the counts (a crash, suites that did not load, flaky tests). */
  notes: string[];
  /** Each failed test as `file › title: first line of the error`, repeated in the closing summary so a cut log still names them. */
  failures?: string[];
  /** Killed for outliving the per-suite bound (its counts are then only what it reported before). */
  timedOut?: boolean;
}

export interface Totals {
  passed: number;
  failed: number;
  skipped: number;
}

/** The fields of `jest --json` we rely on: one test's result, then the whole report. */
interface AssertionResult {
  status?: string;
  fullName?: string;
  failureMessages?: string[];
  /** Above 1: CI retried the test (libs/testing/retry-in-ci.cjs); `retryReasons` says why. */
  invocations?: number;
  retryReasons?: string[];
}

interface JestReport {
  numPassedTests?: number;
  numFailedTests?: number;
  numPendingTests?: number;
  numTodoTests?: number;
  numRuntimeErrorTestSuites?: number;
  testResults?: Array<{
    name?: string;
    testExecError?: { message?: string } | null;
    failureMessage?: string | null;
    assertionResults?: AssertionResult[];
  }>;
}

/** The first line of an error that says something (jest's messages start with colour codes and blank lines). */
function firstLine(message: string | undefined): string {
  const plain = (message ?? '').replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '');
  return (plain.split('\n').find((line) => line.trim() !== '') ?? '').trim().slice(0, 200);
}

/** Passed only on CI's retry (libs/testing/retry-in-ci.cjs). */
function passedOnRetry(test: AssertionResult): boolean {
  return test.status === 'passed' && (test.invocations ?? 1) > 1;
}

function jestFailures(json: JestReport): string[] {
  const failures: string[] = [];
  for (const file of json.testResults ?? []) {
    const name = (file.name ?? '').replace(/^.*?\/(test|src)\//, '$1/');
    if (file.testExecError) failures.push(`${name}: ${firstLine(file.testExecError.message)}`);
    for (const test of file.assertionResults ?? []) {
      if (test.status === 'failed') failures.push(`${name} › ${test.fullName ?? '?'}: ${firstLine(test.failureMessages?.[0])}`);
      else if (passedOnRetry(test)) failures.push(`${name} › ${test.fullName ?? '?'} (flaky): ${firstLine(test.retryReasons?.[0])}`);
    }
  }
  return failures;
}

function count(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

/**
 * Reads `jest --json`. A suite that failed to load counts as one failure (it has no tests to count),
 * and so does a non-zero exit that the counts do not explain, so nothing fails silently.
 */
export function outcomeFromJest(label: string, report: unknown, exitCode: number | null, durationMs: number): SuiteOutcome {
  const notes: string[] = [];
  if (!report || typeof report !== 'object') {
    return { label, passed: 0, failed: 1, skipped: 0, durationMs, notes: [`jest wrote no results (exit code ${exitCode ?? 'none'})`] };
  }
  const json = report as JestReport;
  const brokenSuites = count(json.numRuntimeErrorTestSuites);
  let failed = count(json.numFailedTests) + brokenSuites;
  if (brokenSuites) notes.push(`${brokenSuites} test file(s) failed to run`);
  if (exitCode !== 0 && failed === 0) {
    failed = 1;
    notes.push(`jest exited with code ${exitCode ?? 'none'}`);
  }
  const passed = count(json.numPassedTests);
  const skipped = count(json.numPendingTests) + count(json.numTodoTests);
  const flaky = (json.testResults ?? []).flatMap((file) => file.assertionResults ?? []).filter(passedOnRetry).length;
  if (flaky) notes.push(`${flaky} flaky (passed on retry)`);
  if (passed + failed + skipped === 0) notes.push('no tests found');
  return {
    label,
    passed,
    failed,
    skipped,
    durationMs,
    notes,
    failures: jestFailures(json),
  };
}

/** The fields of Playwright's JSON reporter we rely on. */
interface PlaywrightSuite {
  title?: string;
  file?: string;
  suites?: PlaywrightSuite[];
  specs?: Array<{ title?: string; file?: string; tests?: Array<{ status?: string; results?: Array<{ error?: { message?: string } }> }> }>;
}

interface PlaywrightReport {
  stats?: { expected?: number; unexpected?: number; flaky?: number; skipped?: number };
  errors?: Array<{ message?: string }>;
  suites?: PlaywrightSuite[];
}

/** Each test that failed every try, or passed only on a retry, named by file and title. */
function playwrightFailures(suites: readonly PlaywrightSuite[], path: readonly string[] = []): string[] {
  return suites.flatMap((suite) => {
    const here = suite.title ? [...path, suite.title] : [...path];
    const own = (suite.specs ?? []).flatMap((spec) =>
      (spec.tests ?? [])
        .filter((test) => test.status === 'unexpected' || test.status === 'flaky')
        .map((test) => {
          const error = test.results?.find((result) => result.error)?.error?.message;
          return `${[...here, spec.title ?? '?'].join(' › ')}${test.status === 'flaky' ? ' (flaky)' : ''}: ${firstLine(error)}`;
        }),
    );
    return [...own, ...playwrightFailures(suite.suites ?? [], here)];
  });
}

/** Reads Playwright's JSON report: flaky tests passed on retry (counted as passed, and named). */
export function outcomeFromPlaywright(label: string, report: unknown, exitCode: number | null, durationMs: number): SuiteOutcome {
  if (!report || typeof report !== 'object') {
    return { label, passed: 0, failed: 1, skipped: 0, durationMs, notes: [`playwright wrote no results (exit code ${exitCode ?? 'none'})`] };
  }
  const { stats = {}, errors = [], suites = [] } = report as PlaywrightReport;
  const notes: string[] = [];
  const flaky = count(stats.flaky);
  if (flaky) notes.push(`${flaky} flaky (passed on retry)`);
  let failed = count(stats.unexpected) + errors.length;
  if (errors.length) notes.push(`${errors.length} error(s) outside tests: ${(errors[0]?.message ?? '').split('\n')[0]}`);
  if (exitCode !== 0 && failed === 0) {
    failed = 1;
    notes.push(`playwright exited with code ${exitCode ?? 'none'}`);
  }
  return { label, passed: count(stats.expected) + flaky, failed, skipped: count(stats.skipped), durationMs, notes, failures: playwrightFailures(suites) };
}

/** How a suite's bounded run ended, beyond its exit code (process/run.ts runWithDeadline). */
export interface RunEnd {
  timedOut: boolean;
  timeoutMs: number;
  /** Processes it left running after it exited, killed then. */
  leftovers: number;
}

/**
 * A suite killed at its time bound fails, whatever it reported before (a hang is a failure), and says
 * so; processes a suite left running are named too, since a test that forgets one leaks it on every run.
 */
export function withRunEnd(outcome: SuiteOutcome, end: RunEnd): SuiteOutcome {
  const notes = [...outcome.notes];
  let { failed } = outcome;
  if (end.timedOut) {
    // "wrote no results" / "exited with code" only restate the kill.
    const restated = /^(jest|playwright) (wrote no results|exited with code)/;
    for (let i = notes.length - 1; i >= 0; i -= 1) if (restated.test(notes[i]!)) notes.splice(i, 1);
    notes.unshift(`timed out: still running after ${formatDuration(end.timeoutMs)}, killed with everything it started`);
    failed = Math.max(failed, 1);
  }
  if (end.leftovers > 0) notes.push(`left ${end.leftovers} process(es) running when it ended: killed`);
  return { ...outcome, failed, notes, ...(end.timedOut ? { timedOut: true } : {}) };
}

export function totalsOf(outcomes: readonly SuiteOutcome[]): Totals {
  return outcomes.reduce((sum, o) => ({ passed: sum.passed + o.passed, failed: sum.failed + o.failed, skipped: sum.skipped + o.skipped }), {
    passed: 0,
    failed: 0,
    skipped: 0,
  });
}

/** The last line `npm test` prints: `N passed, N failed`, plus `, N skipped` only when some were. */
export function summaryLine(totals: Totals): string {
  const line = `${totals.passed} passed, ${totals.failed} failed`;
  return totals.skipped > 0 ? `${line}, ${totals.skipped} skipped` : line;
}

/** A run is green only if something ran and nothing failed. */
export function isGreen(totals: Totals): boolean {
  return totals.failed === 0 && totals.passed > 0;
}
