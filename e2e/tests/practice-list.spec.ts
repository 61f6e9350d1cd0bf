import { randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { expectAccessible } from './support/accessibility.js';
import { authHeaders, signIn } from './support/accounts.js';
import { adminToken, expectNoSidewaysScroll, uniqueName } from './support/content.js';

/** Issue 34 §1: a learner filters the practice list, solves an exercise, and sees its status change. */

const WIDTHS = [1280, 390] as const;

/** Fits, passes axe, and is kept with the test's results to be looked at. */
async function checkScreen(page: Page, testInfo: TestInfo, name: string, width: number): Promise<void> {
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true });
}

/** A course with one project of two number quizzes whose tasks carry `word`, made as the admin. */
async function seedExercises(request: APIRequestContext, word: string): Promise<{ courseId: string; projectId: string }> {
  const headers = authHeaders(await adminToken(request));
  const course = await request.post('/api/course', { headers, data: { topic: 'fo', name: uniqueName('Practice course'), teacher: 'Edgar Codd', length: '1 hour' } });
  expect(course.status()).toBe(201);
  const courseId = ((await course.json()) as { _id: string })._id;
  const project = await request.post('/api/project', { headers, data: { title: uniqueName('Block counts'), difficulty: 'beginner', courseId } });
  expect(project.status()).toBe(201);
  const projectId = ((await project.json()) as { _id: string })._id;
  for (const [answer, task] of [
    [250, `How many blocks hold 10,000 records of 100 bytes, 40 to a block (${word})?`],
    [25, `How many blocks hold 1,000 records, 40 to a block (${word})?`],
  ] as const) {
    const added = await request.put(`/api/project/check/${projectId}`, { headers, data: { kind: 'quiz', task, quiz: { type: 'number', answer, tolerance: 0 } } });
    expect(added.status()).toBe(200);
  }
  return { courseId, projectId };
}

for (const width of WIDTHS) {
  test.describe(`the practice list at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 390 ? 844 : 900 } });

    test('a learner filters the list, solves an exercise and sees it solved', async ({ page, request }, testInfo) => {
      const word = `blk${randomBytes(4).toString('hex')}`;
      await seedExercises(request, word);
      await signIn(page, request);
      await page.goto('/practice');
      await expect(page.getByRole('heading', { level: 1, name: 'Practice' })).toBeVisible();

      // Filter: a kind from its select, then a search; both land in the address.
      await page.getByLabel('Kind', { exact: true }).selectOption('quiz');
      await expect(page).toHaveURL(/\/practice\?kind=quiz$/);
      await page.getByLabel('Search tasks and projects', { exact: true }).fill(word);
      await page.getByRole('search', { name: 'Filter the exercises' }).getByRole('button', { name: 'Search' }).click();
      await expect(page).toHaveURL(new RegExp(`kind=quiz&q=${word}$`));
      const items = page.getByRole('article');
      await expect(items).toHaveCount(2);
      const first = items.first();
      await expect(first.getByText('Easy', { exact: true })).toBeVisible();
      await expect(first.getByText('Quiz', { exact: true })).toBeVisible();
      await expect(first.getByText('New', { exact: true })).toBeVisible();
      await expect(first.getByText('Acceptance shown after 10 learners')).toBeVisible();
      await checkScreen(page, testInfo, 'practice-filtered', width);

      // Solve it on its project page; the result offers the next exercise.
      await first.getByRole('link').click();
      await expect(page).toHaveURL(/\/project\/[0-9a-f]{24}#check-[0-9a-f]{24}$/);
      const field = page.getByRole('textbox', { name: 'Your answer to check 1' });
      await field.fill('250');
      await field.press('Enter');
      const card = page.getByRole('region', { name: 'Check 1' });
      await expect(card.getByText('Passed', { exact: true })).toBeVisible();
      await expect(card.getByRole('link', { name: new RegExp(`1,000 records, 40 to a block \\(${word}\\)`) })).toBeVisible();

      // Back on the shared, filtered list: the exercise is solved (its event takes a moment).
      await page.goto(`/practice?kind=quiz&q=${word}`);
      await expect(async () => {
        await page.reload();
        await expect(page.getByRole('article').first().getByText('Solved', { exact: true })).toBeVisible({ timeout: 2_000 });
      }).toPass({ timeout: 30_000 });
      await page.getByLabel('Status', { exact: true }).selectOption('solved');
      await expect(page.getByRole('article')).toHaveCount(1);
      await checkScreen(page, testInfo, 'practice-solved', width);
    });
  });
}
