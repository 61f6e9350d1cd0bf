import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { authHeaders, registerViaApi } from './support/accounts.js';
import { expectAccessible } from './support/accessibility.js';
import { courseWithSandbox, expectScreenFitsEveryone, MEMBERS_SANDBOX, signInAsAdmin, uniqueName } from './support/content.js';

// Issue 34, "what each check teaches", in the browser against the real platform: learners fail a
// check through the API, svc-content publishes their counted attempts (issue 34's emission) and
// counts them, and an admin reads the check's most common wrong answer, on the admin list and in
// the check editor, at 1280 and 390 px.

/** The page at 1280 px and at 390 px, kept with the test's results to be looked at. */
async function screenshots(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const size = page.viewportSize();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true });
  }
  if (size) await page.setViewportSize(size);
}

test('an admin reads a check’s most common wrong answer on the check list and in its editor', async ({ page, request }, testInfo) => {
  const { courseId, headers } = await courseWithSandbox(request, { kind: 'sql', source: MEMBERS_SANDBOX });
  const created = await request.post('/api/project', { headers, data: { title: uniqueName('Analysed'), difficulty: 'beginner', courseId } });
  expect(created.status()).toBe(201);
  const projectId = ((await created.json()) as { _id: string })._id;
  const task = `Names of the members who live in London (${uniqueName('task')}).`;
  const added = await request.put(`/api/project/check/${projectId}`, {
    headers,
    data: { kind: 'query', task, referenceSql: "SELECT name FROM member WHERE city = 'London'", hints: ['The city is a column of member.'] },
  });
  expect(added.status(), await added.text()).toBe(200);
  const checkId = ((await added.json()) as { checks: { _id: string }[] }).checks[0]!._id;

  // Two learners send the same wrong answer spelled differently; one of them then another.
  const [ada, edgar] = [await registerViaApi(request), await registerViaApi(request)];
  const attempt = async (token: string, sql: string) => {
    const response = await request.post(`/api/project/${projectId}/attempts`, { headers: authHeaders(token), data: { checkId, sql } });
    expect(response.status(), await response.text()).toBe(200);
    expect(((await response.json()) as { passed: boolean }).passed).toBe(false);
  };
  await attempt(ada.token, "select name from member where city = 'london';");
  await attempt(edgar.token, "SELECT name\n  FROM member\n WHERE city = 'london'");
  await attempt(ada.token, 'SELECT * FROM member');
  const mostCommon = "SELECT name FROM member WHERE city = 'london'";

  await signInAsAdmin(page, request);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/catalog');
  await page.getByRole('link', { name: 'What each check teaches' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'What each check teaches' })).toBeVisible();
  // The figures follow the events: the page shows them once counted.
  const row = page.getByRole('row').filter({ hasText: task });
  await expect(async () => {
    await page.reload();
    await expect(row).toContainText('Most common wrong answer (2 learners):', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(row.locator('pre')).toHaveText(mostCommon);
  await expect(row).toContainText('Failures:');
  await expectScreenFitsEveryone(page);
  await screenshots(page, testInfo, 'check-list');

  await row.getByRole('link', { name: task }).click();
  const card = page.locator(`#check-${checkId}`);
  const panel = card.getByRole('region', { name: 'How learners did' });
  await expect(panel).toContainText('Tried2');
  await panel.getByText('Most common wrong answers and failures').click();
  const answers = panel.getByRole('listitem').filter({ has: page.locator('pre') });
  await expect(answers.first()).toContainText('2 learners');
  await expect(answers.first().locator('pre')).toHaveText(mostCommon);
  await expect(answers.nth(1).locator('pre')).toHaveText('SELECT * FROM member');
  await expectAccessible(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page);
  await screenshots(page, testInfo, 'check-editor');
});

test('a learner never sees the analysis: the page says it is for admins and the API answers 403', async ({ page, request }) => {
  const learner = await registerViaApi(request);
  expect((await request.get('/api/checks/analysis', { headers: authHeaders(learner.token) })).status()).toBe(403);
  await page.addInitScript((token) => window.localStorage.setItem('token', token), learner.token);
  await page.goto('/catalog/checks');
  await expect(page.getByRole('heading', { name: 'Only admins can edit content' })).toBeVisible();
});
