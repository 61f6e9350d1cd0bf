/** What one test run (a workspace's jest, or the browser suite) came to. */
export interface SuiteOutcome {
  label: string;
  passed: number;
  failed: number;
  skipped: number;
  durationMs: number;
  /** Anything a person should know beyond the counts (a crash, suites that did not load, flaky tests). */
  notes: string[];
}

export interface Totals {
  passed: number;
  failed: number;
  skipped: number;
}

/** The fields of `jest --json` we rely on. */
interface JestReport {
  numPassedTests?: number;
  numFailedTests?: number;
  numPendingTests?: number;
  numTodoTests?: number;
  numRuntimeErrorTestSuites?: number;
  testResults?: Array<{ name?: string; testExecError?: { message?: string } | null; failureMessage?: string | null; assertionResults?: unknown[] }>;
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
  if (passed + failed + skipped === 0) notes.push('no tests found');
  return {
    label,
    passed,
    failed,
    skipped,
    durationMs,
    notes,
  };
}

/** The fields of Playwright's JSON reporter we rely on. */
interface PlaywrightReport {
  stats?: { expected?: number; unexpected?: number; flaky?: number; skipped?: number };
  errors?: Array<{ message?: string }>;
}

/** Reads Playwright's JSON report: flaky tests passed on retry (counted as passed, and named). */
export function outcomeFromPlaywright(label: string, report: unknown, exitCode: number | null, durationMs: number): SuiteOutcome {
  if (!report || typeof report !== 'object') {
    return { label, passed: 0, failed: 1, skipped: 0, durationMs, notes: [`playwright wrote no results (exit code ${exitCode ?? 'none'})`] };
  }
  const { stats = {}, errors = [] } = report as PlaywrightReport;
  const notes: string[] = [];
  const flaky = count(stats.flaky);
  if (flaky) notes.push(`${flaky} flaky (passed on retry)`);
  let failed = count(stats.unexpected) + errors.length;
  if (errors.length) notes.push(`${errors.length} error(s) outside tests: ${(errors[0]?.message ?? '').split('\n')[0]}`);
  if (exitCode !== 0 && failed === 0) {
    failed = 1;
    notes.push(`playwright exited with code ${exitCode ?? 'none'}`);
  }
  return { label, passed: count(stats.expected) + flaky, failed, skipped: count(stats.skipped), durationMs, notes };
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
