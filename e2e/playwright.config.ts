import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { defineConfig } from '@playwright/test';
import { suitePortVariables } from './tests/support/remotes.js';

// The suite runs against the platform exactly as `npm start` starts it, on its own ports and a fresh
// DATA_DIR so it never touches a developer's running instance or data.
const repoRoot = resolve(import.meta.dirname, '..');
const webPort = Number(process.env.E2E_WEB_PORT ?? 18080);
// `npm test` hands over a fresh folder and removes it afterwards. Run alone (npx playwright test),
// the suite makes one here, once in the main process; workers inherit it through the environment.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'dblearn-e2e-'));

// Debian's headless shell (package chromium-headless-shell, what Playwright itself runs headless):
// no browser UI layer, so the same suite takes about a fifth less CPU than the full chromium (decision
// 0019). A headed run (--headed) needs the full browser: CHROMIUM_PATH=/usr/bin/chromium.
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const chromiumPath = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

// Four browsers at once by default: on CI's two cores, tests wait on the platform often enough that
// two workers left a third of a core idle; three took the suite alone from 207 s to 180 s and four to
// 171 s, for the same CPU (decision 0020). E2E_WORKERS=1 runs one test at a time.
const workers = Number(process.env.E2E_WORKERS ?? 4);
if (!Number.isInteger(workers) || workers < 1) throw new Error(`E2E_WORKERS must be a whole number of 1 or more, not "${process.env.E2E_WORKERS}".`);

export default defineConfig({
  testDir: 'tests',
  outputDir: 'test-results',
  // Every test makes its own accounts and content, so tests spread over the workers. A file whose
  // tests read one shared list in turn says `test.describe.configure({ mode: 'default' })` (in
  // order, one worker); a test that must have the machine to itself (a timing) is tagged @alone.
  fullyParallel: true,
  workers,
  retries: process.env.CI ? 1 : 0,
  // Two tests share two cores with the platform: a long admin form test that took 25 s alone may take
  // twice that beside another, so the limit grows with the workers (a hang is still caught).
  timeout: 30_000 * Math.min(workers, 2),
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['json', { outputFile: 'test-results/results.json' }]] : [['list']],
  use: {
    baseURL: `http://localhost:${webPort}`,
    // Recording a trace for every test, to keep only the failed ones, cost CI about a tenth of the
    // suite's CPU (screencast frames and DOM snapshots of passing tests). CI retries a failed test once
    // and records that retry; a local run (no retries) keeps the failed tests' traces as before.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    launchOptions: {
      // Debian's Chromium, never a downloaded browser.
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        // Chromium 15x builds the omnibox popup as a WebUI page in its own renderer for every window,
        // headless too: one per test's context. Off, a 44-test sample took a third less CPU; no spare
        // renderer kept warm for the next navigation took another tenth (decision 0018). Chromium
        // merges this list with Playwright's own --disable-features.
        '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup,SpareRendererForSitePerProcess',
      ],
    },
  },
  projects: [
    // The data a timing needs, made beside the chromium tests (tests/*.setup.ts). Listed first, so it
    // is queued first: listed after them it was the suite's last test, alone on the box for 17 s.
    { name: 'alone-data', testMatch: /\.setup\.ts$/ },
    { name: 'chromium', grepInvert: /@alone/ },
    // After everything else (a failure there skips these), one at a time.
    { name: 'alone', grep: /@alone/, dependencies: ['chromium', 'alone-data'], workers: 1 },
  ],
  webServer: [
    {
      command: 'npm start',
      cwd: repoRoot,
      url: `http://127.0.0.1:${webPort}/api/health`,
      timeout: 600_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
      env: {
        DATA_DIR: process.env.E2E_DATA_DIR,
        WEB_PORT: String(webPort),
        GATEWAY_PORT: process.env.E2E_GATEWAY_PORT ?? '13000',
        DB_PORT: process.env.E2E_DB_PORT ?? '27917',
        NATS_PORT: process.env.E2E_NATS_PORT ?? '14222',
        // Every remote of REMOTES: the launcher builds each and serves it on the suite's own port. A
        // test that needs an area offline blocks its manifest in the browser (support/remotes.ts).
        ...suitePortVariables(),
        ADMIN_EMAIL: 'admin@e2e.dblearn.test',
        ADMIN_PASSWORD: 'e2e-admin-password',
        // Accounts made per address (10 a minute): the suite signs up a fresh account for nearly every test,
        // from one address, on several workers. The limit itself: gateway/test/gateway-over-nats.spec.ts.
        REGISTER_RATE_LIMIT: '1000',
        // Attempts running per address (4): every worker's learner is on this one address, and a test
        // may keep a runaway going. The limit itself: gateway/test/runnable-calls.spec.ts.
        ATTEMPTS_IN_FLIGHT_PER_ADDRESS_LIMIT: '1000',
        // Cheap password hashes, as the jest suites use (libs/testing ServiceProcess): nearly every test
        // signs up, and at the production cost (scrypt N=2^15, ~0.35 s of CPU each) the suite spent about
        // a minute of CPU hashing. The cost itself is tested in svc-users and the security probes.
        PASSWORD_HASH_COST: '1024',
        LOG_LEVEL: 'warn',
      },
    },
  ],
});
