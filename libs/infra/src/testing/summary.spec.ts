import { describe, expect, it } from '@jest/globals';
import { isGreen, outcomeFromJest, outcomeFromPlaywright, summaryLine, totalsOf, withRunEnd } from './summary.js';

describe('summaryLine', () => {
  it('prints passed and failed, and skipped only when there are some', () => {
    expect(summaryLine({ passed: 12, failed: 0, skipped: 0 })).toBe('12 passed, 0 failed');
    expect(summaryLine({ passed: 3, failed: 2, skipped: 1 })).toBe('3 passed, 2 failed, 1 skipped');
  });
});

describe('outcomeFromJest', () => {
  it('counts passed, failed, pending and todo tests', () => {
    const outcome = outcomeFromJest('svc-users', { numPassedTests: 7, numFailedTests: 1, numPendingTests: 2, numTodoTests: 1, numRuntimeErrorTestSuites: 0 }, 1, 900);
    expect(outcome).toEqual({ label: 'svc-users', passed: 7, failed: 1, skipped: 3, durationMs: 900, notes: [], failures: [] });
  });

  it('names each failed test with the first line of its error, and a file that would not load', () => {
    const report = {
      numPassedTests: 1,
      numFailedTests: 1,
      numRuntimeErrorTestSuites: 1,
      testResults: [
        {
          name: '/tmp/clone/gateway/test/content.spec.ts',
          assertionResults: [
            { status: 'passed', fullName: 'reads' },
            { status: 'failed', fullName: 'item reads › keeps an item', failureMessages: ['\u001b[2m\nexpect(received).toBe(expected)\n\nExpected: 3'] },
          ],
        },
        { name: '/tmp/clone/gateway/src/broken.spec.ts', testExecError: { message: 'Cannot find module x' }, assertionResults: [] },
      ],
    };
    expect(outcomeFromJest('gateway', report, 1, 10).failures).toEqual([
      'test/content.spec.ts › item reads › keeps an item: expect(received).toBe(expected)',
      'src/broken.spec.ts: Cannot find module x',
    ]);
  });

  it('counts a test that passed only on its CI retry as passed, and names it flaky with the first failure', () => {
    const report = {
      numPassedTests: 2,
      numFailedTests: 0,
      testResults: [
        {
          name: '/tmp/clone/libs/infra/src/process/supervisor.spec.ts',
          assertionResults: [
            { status: 'passed', fullName: 'starts', invocations: 1 },
            { status: 'passed', fullName: 'Supervisor › restarts', invocations: 2, retryReasons: ['Error: expect(received).toHaveLength(expected)\n\nExpected length: 2'] },
          ],
        },
      ],
    };
    const outcome = outcomeFromJest('libs/infra', report, 0, 10);
    expect(outcome).toMatchObject({ passed: 2, failed: 0, notes: ['1 flaky (passed on retry)'] });
    expect(outcome.failures).toEqual(['src/process/supervisor.spec.ts › Supervisor › restarts (flaky): Error: expect(received).toHaveLength(expected)']);
  });

  it('counts a test file that failed to load as a failure', () => {
    const outcome = outcomeFromJest('gateway', { numPassedTests: 4, numFailedTests: 0, numRuntimeErrorTestSuites: 1 }, 1, 10);
    expect(outcome.failed).toBe(1);
    expect(outcome.notes).toEqual(['1 test file(s) failed to run']);
  });

  it('says so when a workspace has no tests', () => {
    expect(outcomeFromJest('libs/contracts', { numPassedTests: 0, numFailedTests: 0 }, 0, 10).notes).toEqual(['no tests found']);
  });

  it('never lets a failing exit code pass as green', () => {
    expect(outcomeFromJest('x', { numPassedTests: 3, numFailedTests: 0 }, 1, 10)).toMatchObject({ passed: 3, failed: 1, notes: ['jest exited with code 1'] });
    expect(outcomeFromJest('x', undefined, 134, 10)).toMatchObject({ passed: 0, failed: 1, notes: ['jest wrote no results (exit code 134)'] });
  });
});

describe('outcomeFromPlaywright', () => {
  it('counts expected and flaky as passed, unexpected and global errors as failed', () => {
    const outcome = outcomeFromPlaywright('e2e', { stats: { expected: 10, unexpected: 1, flaky: 2, skipped: 1 }, errors: [{ message: 'webServer exited\nmore' }] }, 1, 5);
    expect(outcome).toMatchObject({ passed: 12, failed: 2, skipped: 1 });
    expect(outcome.notes).toEqual(['2 flaky (passed on retry)', '1 error(s) outside tests: webServer exited']);
  });

  it('names the tests that failed, and those that passed only on a retry', () => {
    const report = {
      stats: { expected: 1, unexpected: 1, flaky: 1 },
      suites: [
        {
          title: 'search.spec.ts',
          suites: [
            {
              title: 'the results page',
              specs: [
                { title: 'pages', tests: [{ status: 'unexpected', results: [{ error: { message: 'Timed out 5000ms\nCall log' } }] }] },
                { title: 'filters', tests: [{ status: 'flaky', results: [{ error: { message: 'locator missing' } }, {}] }] },
                { title: 'folds', tests: [{ status: 'expected', results: [{}] }] },
              ],
            },
          ],
        },
      ],
    };
    expect(outcomeFromPlaywright('e2e', report, 1, 5).failures).toEqual([
      'search.spec.ts › the results page › pages: Timed out 5000ms',
      'search.spec.ts › the results page › filters (flaky): locator missing',
    ]);
  });

  it('reports a run that wrote nothing as a failure', () => {
    expect(outcomeFromPlaywright('e2e', undefined, 1, 5)).toMatchObject({ passed: 0, failed: 1 });
  });
});

describe('totals', () => {
  it('adds up outcomes and is green only when something passed and nothing failed', () => {
    const totals = totalsOf([
      { label: 'a', passed: 2, failed: 0, skipped: 1, durationMs: 1, notes: [] },
      { label: 'b', passed: 3, failed: 0, skipped: 0, durationMs: 1, notes: [] },
    ]);
    expect(totals).toEqual({ passed: 5, failed: 0, skipped: 1 });
    expect(isGreen(totals)).toBe(true);
    expect(isGreen({ passed: 0, failed: 0, skipped: 0 })).toBe(false);
    expect(isGreen({ passed: 5, failed: 1, skipped: 0 })).toBe(false);
  });
});

describe('withRunEnd', () => {
  it('fails a suite killed at its bound and says so, instead of restating the kill as an exit code', () => {
    const killed = outcomeFromJest('svc-content', undefined, 128, 1_200_000);
    const outcome = withRunEnd(killed, { timedOut: true, timeoutMs: 1_200_000, leftovers: 0 });
    expect(outcome).toMatchObject({ label: 'svc-content', failed: 1, timedOut: true, notes: ['timed out: still running after 20 min 0 s, killed with everything it started'] });
    // Tests that had failed before the kill still count.
    const partly = withRunEnd({ label: 'e2e', passed: 3, failed: 2, skipped: 0, durationMs: 5, notes: [] }, { timedOut: true, timeoutMs: 60_000, leftovers: 0 });
    expect(partly).toMatchObject({ passed: 3, failed: 2, timedOut: true });
  });

  it('names processes a suite left running, and leaves a suite that ended in time as it was', () => {
    const green = { label: 'gateway', passed: 5, failed: 0, skipped: 0, durationMs: 5, notes: [] };
    expect(withRunEnd(green, { timedOut: false, timeoutMs: 60_000, leftovers: 0 })).toEqual(green);
    expect(withRunEnd(green, { timedOut: false, timeoutMs: 60_000, leftovers: 3 })).toEqual({ ...green, notes: ['left 3 process(es) running when it ended: killed'] });
  });
});
