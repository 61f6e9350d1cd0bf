import { describe, expect, it } from '@jest/globals';
import { isRunning, runWithDeadline } from '@dblearn/infra';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventually } from '../src/eventually.js';

// Issue 30 High 3: a test file's processes end with it, whatever its tests did. The fixture leaks
// on purpose (test/fixtures/leaky); jest must still end, and take every process it started with it.

describe('the node test environment (libs/testing/node-environment.cjs)', () => {
  it('ends every process a file started, even one spawned by hand, after a test timed out', async () => {
    const dir = join(import.meta.dirname, 'fixtures', 'leaky');
    const pidsFile = join(mkdtempSync(join(tmpdir(), 'leaky-')), 'pids');
    const jest = createRequire(import.meta.url).resolve('jest/bin/jest');
    // Bounded well past what the fixture needs, so a jest that never exits fails here instead of hanging.
    const run = await runWithDeadline(process.execPath, ['--experimental-vm-modules', '--disable-warning=ExperimentalWarning', jest, '--config', join(dir, 'jest.config.cjs'), '--ci'], {
      cwd: dir,
      env: { ...process.env, PIDS_FILE: pidsFile, CI: '' },
      output: 'collect',
      timeoutMs: 100_000,
    });
    expect({ timedOut: run.timedOut, output: run.output }).toEqual({ timedOut: false, output: expect.stringMatching(/Tests:\s+1 failed, 1 passed/) });
    expect(run.output).toMatch(/still running at its end, killed/);
    const pids = readFileSync(pidsFile, 'utf8').trim().split('\n').map(Number);
    expect(pids.length).toBeGreaterThanOrEqual(2);
    await eventually(async () => !pids.some(isRunning), 20_000, 'every process the fixture started has ended');
  }, 120_000);
});
