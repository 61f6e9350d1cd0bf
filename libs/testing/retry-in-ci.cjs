/* global jest */
// CI retries a failed test once, as the browser suite does (e2e/playwright.config.ts): on two cores
// kept busy by three suites at once, a timing can lose a race it wins everywhere else. `npm test`'s
// table names each test that passed only on its retry "(flaky)", so none goes unnoticed.
if (process.env.CI) jest.retryTimes(1, { logErrorsBeforeRetry: true });
