import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { authHeaders, signIn } from './support/accounts.js';
import { adminToken, expectScreenFitsEveryone, signInAsAdmin } from './support/content.js';

const topics = (page: Page) => page.getByRole('navigation', { name: 'Question topics' });
const viewHeading = (page: Page) => page.getByRole('main').getByRole('heading', { level: 2 });
const question = (page: Page, text: string) => page.getByRole('article', { name: text });

/** The last page of a topic in the bank, where a new question lands (oldest first). */
async function lastPageOf(request: APIRequestContext, token: string, topic: string): Promise<number> {
  const response = await request.get(`/api/interview?topic=${topic}&page=1&pageSize=6`, { headers: authHeaders(token) });
  expect(response.status()).toBe(200);
  return Math.max(1, Math.ceil(Number(response.headers()['x-total-count']) / 6));
}

// Two tests add File Organization questions and open the last page of that list: in order, in one worker.
test.describe.configure({ mode: 'default' });

test.describe('the interview bank', () => {
  test('a learner filters, opens an answer, saves, sees the saved view and unsaves', async ({ page, request }) => {
    await signIn(page, request);
    await page.goto('/interview');
    await expect(viewHeading(page)).toHaveText(/^All Questions \(\d+\)$/);
    await expect(page.getByRole('article')).toHaveCount(6);

    await topics(page).getByRole('link', { name: 'SQL', exact: true }).click();
    await expect(page).toHaveURL(/\/interview\?topic=sql$/);
    await expect(viewHeading(page)).toHaveText(/^SQL \(\d+\)$/);
    const first = page.getByRole('article').first();
    await expect(first.getByText('SQL', { exact: true })).toBeVisible();
    const text = (await first.getByRole('heading').textContent())!;

    await first.getByRole('button', { name: 'Show Answer' }).click();
    await expect(first.getByRole('button', { name: 'Hide Answer' })).toHaveAttribute('aria-expanded', 'true');
    const answerId = await first.getByRole('button', { name: 'Hide Answer' }).getAttribute('aria-controls');
    await expect(page.locator(`[id="${answerId}"]`)).toBeVisible();
    await expectScreenFitsEveryone(page);
    await first.getByRole('button', { name: 'Hide Answer' }).click();
    await expect(page.locator(`[id="${answerId}"]`)).toBeHidden();

    await first.getByRole('button', { name: 'Save Question' }).click();
    await expect(first.getByRole('button', { name: 'Unsave Question' })).toBeEnabled();

    await topics(page).getByRole('link', { name: 'Saved Questions' }).click();
    await expect(page).toHaveURL(/\/interview\?view=saved$/);
    await expect(viewHeading(page)).toHaveText('Saved Questions (1)');
    await expect(question(page, text)).toBeVisible();
    await expectScreenFitsEveryone(page);

    // A reload shows what the server kept.
    await page.reload();
    await expect(question(page, text)).toBeVisible();
    await question(page, text).getByRole('button', { name: 'Unsave Question' }).click();
    await expect(page.getByRole('heading', { name: 'No saved questions yet' })).toBeVisible();
    await expect(page.getByText('Save a question to see it here.')).toBeVisible();
  });

  test('an admin adds, edits and deletes a question through the form and the list', async ({ page, request }) => {
    await signInAsAdmin(page, request);
    const original = `What does an E2E index ${randomUUID().slice(0, 8)} cost on writes?`;
    const edited = `${original} (edited)`;

    // Submit waits for all three fields.
    await page.goto('/interview');
    await page.getByRole('link', { name: 'New Question' }).click();
    await expect(page).toHaveURL(/\/interview\/new$/);
    const submit = page.getByRole('button', { name: 'Submit' });
    await expect(submit).toBeDisabled();
    await page.getByLabel('Topic', { exact: true }).selectOption({ label: 'File Organization' });
    await page.getByLabel('Question', { exact: true }).fill(original);
    await expect(submit).toBeDisabled();
    await page.getByLabel('Answer', { exact: true }).fill('Every insert, update and delete also maintains the index.');
    await expectScreenFitsEveryone(page);
    await submit.click();
    await expect(page).toHaveURL(/\/interview\?topic=fo$/);
    await expect(page.getByText('Question added.')).toBeVisible();

    // Oldest first: the new question is on the last page of its topic.
    const lastPage = await lastPageOf(request, await adminToken(request), 'fo');
    await page.goto(`/interview?topic=fo&page=${lastPage}`);
    await question(page, original).getByRole('link', { name: 'Edit' }).click();
    await expect(page.getByLabel('Question', { exact: true })).toHaveValue(original);
    await page.getByLabel('Question', { exact: true }).fill(edited);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Question saved.')).toBeVisible();
    await page.goto(`/interview?topic=fo&page=${lastPage}`);
    await expect(question(page, edited)).toBeVisible();

    // Delete asks once more; the list follows without a reload.
    await question(page, edited).getByRole('button', { name: 'Delete this question' }).click();
    await question(page, edited).getByRole('button', { name: 'Confirm delete' }).click();
    await expect(page.getByText('Question deleted.')).toBeVisible();
    await expect(question(page, edited)).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('article').first()).toBeVisible();
    await expect(question(page, edited)).toHaveCount(0);
  });

  test("a learner's saved view follows an admin's edit and delete", async ({ page, request }) => {
    // svc-users keeps saved copies fresh from svc-content's events (its durable consumer).
    const admin = await adminToken(request);
    const original = `Why is a B-tree shallow ${randomUUID().slice(0, 8)}?`;
    const created = await request.post('/api/interview', { headers: authHeaders(admin), data: { topic: 'fo', question: original, answer: 'High fan-out.' } });
    expect(created.status()).toBe(201);
    const { _id: id } = (await created.json()) as { _id: string };

    await signIn(page, request);
    await page.goto(`/interview?topic=fo&page=${await lastPageOf(request, admin, 'fo')}`);
    await question(page, original).getByRole('button', { name: 'Save Question' }).click();
    await expect(question(page, original).getByRole('button', { name: 'Unsave Question' })).toBeEnabled();

    const edited = `${original} (edited)`;
    expect((await request.put(`/api/interview/${id}`, { headers: authHeaders(admin), data: { topic: 'fo', question: edited, answer: 'High fan-out.' } })).status()).toBe(200);
    // svc-users hears the edit through an event: the saved copy follows within moments.
    await expect(async () => {
      await page.goto('/interview?view=saved');
      await expect(question(page, edited)).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 15_000 });

    expect((await request.delete(`/api/interview/${id}`, { headers: authHeaders(admin) })).status()).toBe(200);
    await expect(async () => {
      await page.goto('/interview?view=saved');
      await expect(page.getByRole('heading', { name: 'No saved questions yet' })).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
  });

  test("every question shows its difficulty beside its topic, at 1280 and at 390 px", async ({ page, request }, testInfo) => {
    await signIn(page, request);
    await page.goto('/interview?topic=fo');
    await expect(page.getByRole('article')).toHaveCount(6);
    await expect(page.getByRole('main').getByTitle('Difficulty')).toHaveCount(6);
    const first = page.getByRole('article').first();
    await expect(first.getByTitle('Difficulty')).toHaveText(/^(Easy|Medium|Hard)$/);
    await first.getByRole('button', { name: 'Show Answer' }).click();
    await expectScreenFitsEveryone(page);
    // Kept with the results to be looked at.
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.screenshot({ path: testInfo.outputPath(`interview-bank-${width}.png`), fullPage: true });
    }
  });

  test('a learner sees no admin actions and cannot open the form', async ({ page, request }) => {
    await signIn(page, request);
    await page.goto('/interview');
    await expect(page.getByRole('article')).toHaveCount(6);
    await expect(page.getByRole('link', { name: 'New Question' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0);
    await page.goto('/interview/new');
    await expect(page.getByRole('heading', { name: 'Only admins can change interview questions' })).toBeVisible();
  });
});
