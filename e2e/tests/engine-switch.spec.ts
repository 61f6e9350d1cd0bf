import { expect, test, type Locator } from '@playwright/test';
import { authHeaders, signIn } from './support/accounts.js';
import { expectScreenFitsEveryone, lab, MEMBERS_SANDBOX } from './support/content.js';

// Issue 32, "What a learner sees": the SQLite · PostgreSQL switch on a lesson's ```sql blocks, one
// choice for the page, remembered on the learner's profile; on PostgreSQL the block runs on the server.

// `::` casts are PostgreSQL's: SQLite refuses the token, PostgreSQL answers '1x'.
const POSTGRES_ONLY = "SELECT 1::text || 'x' AS joined;";
const DETAIL = `Casts.\n\`\`\`sql\n${POSTGRES_ONLY}\n\`\`\`\n\nAnd the members.\n\`\`\`sql\nSELECT count(*) AS members FROM member;\n\`\`\``;

const checkedEngine = (block: Locator) => block.getByRole('radiogroup', { name: 'SQL engine' }).getByRole('radio', { checked: true });

test('a learner switches a lesson block to PostgreSQL, runs it there, and finds the choice remembered after a reload', async ({ page, request }, testInfo) => {
  const { courseId, tutorialId } = await lab(request, { kind: 'sql', source: MEMBERS_SANDBOX }, DETAIL);
  const account = await signIn(page, request);
  // A learner who chose SQLite on an earlier visit.
  expect((await request.patch('/api/users/me', { headers: authHeaders(account.token), data: { labEngine: 'sqlite' } })).status()).toBe(200);

  await page.goto(`/catalog/${courseId}/tutorial/${tutorialId}`);
  const blocks = page.locator('.dbl-runnable');
  const [casts, members] = [blocks.nth(0), blocks.nth(1)];
  await expect(checkedEngine(casts)).toHaveAccessibleName('SQLite');
  await expect(checkedEngine(members)).toHaveAccessibleName('SQLite');

  // On SQLite, in the browser: the cast is not SQLite's syntax.
  await casts.getByRole('button', { name: 'Run' }).click();
  await expect(casts.getByRole('alert')).toContainText('Line 1:');
  await expect(casts.getByText('On SQLite', { exact: true })).toBeVisible();

  // One switch flips every block of the page; the block then runs on the server's PostgreSQL.
  const runs: string[] = [];
  page.on('request', (call) => {
    if (call.method() === 'POST' && call.url().endsWith(`/api/course/sandbox/${courseId}/run`)) runs.push(call.postData() ?? '');
  });
  await members.getByRole('radio', { name: 'PostgreSQL' }).check();
  await expect(checkedEngine(casts)).toHaveAccessibleName('PostgreSQL');
  await casts.getByRole('button', { name: 'Run' }).click();
  await expect(casts.getByRole('region', { name: 'Query result' }).getByRole('cell')).toHaveText('1x');
  await expect(casts.getByText('On PostgreSQL', { exact: true })).toBeVisible();
  await members.getByRole('button', { name: 'Run' }).click();
  await expect(members.getByRole('region', { name: 'Query result' }).getByRole('cell')).toHaveText('3');
  expect(runs.map((body) => JSON.parse(body) as unknown)).toEqual([
    { sql: POSTGRES_ONLY, engine: 'postgres' },
    { sql: 'SELECT count(*) AS members FROM member;', engine: 'postgres' },
  ]);
  // Explain on PostgreSQL: EXPLAIN (FORMAT JSON) through the same route, drawn as the plan tree.
  await members.getByRole('button', { name: 'Explain' }).click();
  await expect(members.getByRole('list', { name: 'Steps of the query plan' })).toContainText('Seq Scan on member');
  await expect(members.getByRole('list', { name: 'Steps of the query plan' })).toContainText('Reads every row of member');
  // The practice database as PostgreSQL built it (information_schema: its own type names).
  const database = page.getByRole('region', { name: 'Practice database' });
  await database.getByRole('button', { name: 'Show the tables' }).click();
  await expect(database.getByText('On PostgreSQL', { exact: true })).toBeVisible();
  await expect(database.getByRole('list', { name: 'Columns of member' })).toContainText('id integer, primary key');
  await expectScreenFitsEveryone(page);
  await casts.screenshot({ path: testInfo.outputPath('engine-switch-1280.png') });
  await database.screenshot({ path: testInfo.outputPath('practice-database-1280.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await casts.screenshot({ path: testInfo.outputPath('engine-switch-390.png') });
  await members.screenshot({ path: testInfo.outputPath('plan-390.png') });
  await page.setViewportSize({ width: 1280, height: 720 });

  // Remembered on the profile: a reload (and any other browser) starts on PostgreSQL.
  await expect.poll(async () => ((await (await request.get('/api/users/me', { headers: authHeaders(account.token) })).json()) as { labEngine: string }).labEngine).toBe('postgres');
  await page.reload();
  await expect(checkedEngine(page.locator('.dbl-runnable').nth(0))).toHaveAccessibleName('PostgreSQL');
  await expect(checkedEngine(page.locator('.dbl-runnable').nth(1))).toHaveAccessibleName('PostgreSQL');
});
